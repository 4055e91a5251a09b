"""Words become Slots (I-S1..I-S4), the ten themes, and the per-profile used-words list.

The word is the game's only dice: six letters, each letter's alphabet number,
digit sums down to one digit.  Nothing here imports pygame.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence
from pathlib import Path

from ...engine import Chance, IllegalAction
from ...msg import N_, M, Mp, Msg

#: The ten themes of the original sheet: (theme, heroes, enemies, suggested words).  The names are
#: marked for translation (``N_``): they stay English in settings, records and the game's text, and
#: the window says them in the player's language.  The suggested words are the game's dice (I-S1):
#: they stay as they are.
THEMES: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (N_("Space miners vs. aliens"), N_("Space miners"), N_("Aliens"),
     ("slimy", "xenomorph", "tentacle", "ooze", "hive", "acid", "stowaway", "parasite")),
    (N_("Survivors vs. zombies"), N_("Survivors"), N_("Zombies"),
     ("cantankerous", "rotten", "shamble", "brains", "horde", "moaning", "decay", "infected")),
    (N_("Secret agents vs. killer robots"), N_("Secret agents"), N_("Killer robots"),
     ("chrome", "laser", "clank", "circuit", "relentless", "steel", "servo", "override")),
    (N_("Knights vs. skeleton horde"), N_("Knights"), N_("Skeletons"),
     ("undead", "bony", "rattling", "crypt", "hollow", "ancient", "grim", "marrow")),
    (N_("Cowboys vs. vampires"), N_("Cowboys"), N_("Vampires"),
     ("bloody", "fangs", "nocturnal", "pale", "thirsty", "coffin", "velvet", "dusk")),
    (N_("Teenagers vs. swamp things"), N_("Teenagers"), N_("Swamp things"),
     ("soggy", "murky", "mossy", "bog", "dripping", "reeking", "algae", "squelch")),
    (N_("Librarians vs. demons"), N_("Librarians"), N_("Demons"),
     ("infernal", "sulphur", "horned", "wicked", "brimstone", "cursed", "fiery", "unholy")),
    (N_("Wargamers vs. body snatchers"), N_("Wargamers"), N_("Body snatchers"),
     ("disgusting", "pod", "copy", "hollow", "uncanny", "vacant", "replica", "seed")),
    (N_("Cheer leaders vs. blobs"), N_("Cheer leaders"), N_("Blobs"),
     ("gross", "gooey", "wobbly", "sticky", "gelatin", "oozing", "jiggly", "plump")),
    (N_("Nuns vs. killer clowns"), N_("Nuns"), N_("Killer clowns"),
     ("creepy", "honk", "greasepaint", "balloon", "giggle", "rednose", "sinister", "juggle")),
)
THEME_NAMES: tuple[str, ...] = tuple(t[0] for t in THEMES) + (N_("Custom"),)

#: The sides' names as a sentence uses them inside it ("The zombies move."): a message each, so a
#: translation has its own word; a name the player typed (the Custom theme) is lower-cased as it is.
_IN_SENTENCE: dict[str, Msg] = {
    "Space miners": Mp("side, inside a sentence", "space miners"),
    "Aliens": Mp("side, inside a sentence", "aliens"),
    "Survivors": Mp("side, inside a sentence", "survivors"),
    "Zombies": Mp("side, inside a sentence", "zombies"),
    "Secret agents": Mp("side, inside a sentence", "secret agents"),
    "Killer robots": Mp("side, inside a sentence", "killer robots"),
    "Knights": Mp("side, inside a sentence", "knights"),
    "Skeletons": Mp("side, inside a sentence", "skeletons"),
    "Cowboys": Mp("side, inside a sentence", "cowboys"),
    "Vampires": Mp("side, inside a sentence", "vampires"),
    "Teenagers": Mp("side, inside a sentence", "teenagers"),
    "Swamp things": Mp("side, inside a sentence", "swamp things"),
    "Librarians": Mp("side, inside a sentence", "librarians"),
    "Demons": Mp("side, inside a sentence", "demons"),
    "Wargamers": Mp("side, inside a sentence", "wargamers"),
    "Body snatchers": Mp("side, inside a sentence", "body snatchers"),
    "Cheer leaders": Mp("side, inside a sentence", "cheer leaders"),
    "Blobs": Mp("side, inside a sentence", "blobs"),
    "Nuns": Mp("side, inside a sentence", "nuns"),
    "Killer clowns": Mp("side, inside a sentence", "killer clowns"),
    "Heroes": Mp("side, inside a sentence", "heroes"),
    "Enemies": Mp("side, inside a sentence", "enemies"),
}


def in_sentence(side: str) -> str:
    """A side's name inside a sentence: a theme's name as a message, a typed name lower-cased."""
    return _IN_SENTENCE.get(side) or side.lower()


def side_name(side: str) -> str:
    """A side's name as a title or a label shows it: a theme's name (or the plain Heroes and
    Enemies, marked in ``THEMES`` and ``theme_sides``) as a message, a name the player typed as it is."""
    return Msg(side) if side in _IN_SENTENCE else side


#: I-S4: how the six digits are made.
OPTIONS: tuple[str, ...] = ("plain", "reverse", "skip2", "d6", "d10")
#: What each option does (the word step's tooltips).
OPTION_LABELS = {"plain": M("The word as it is"), "reverse": M("The word reversed"),
                 "skip2": M("Starting two letters in"), "d6": M("Six rolls of a D6"),
                 "d10": M("Six rolls of a D10 (0 re-rolled)")}


def theme_words(theme: str) -> tuple[str, ...]:
    for name, _, _, words in THEMES:
        if name == theme:
            return words
    return tuple(w for t in THEMES for w in t[3])


def theme_sides(theme: str) -> tuple[str, str]:
    """(heroes, enemies) names of a theme; the Custom theme gets plain names."""
    for name, heroes, enemies, _ in THEMES:
        if name == theme:
            return heroes, enemies
    return N_("Heroes"), N_("Enemies")


#: Rev 4: a Latin letter NFKD leaves whole folds to the base letters its Unicode name gives
#: ("LATIN SMALL LETTER L WITH STROKE" ł -> L, "... O WITH STROKE" ø -> O, "... DOTLESS I" ı -> I,
#: "LATIN CAPITAL LETTER U BAR" -> U, "LATIN LETTER SMALL CAPITAL R" -> R); the letters of their
#: own are named in ``_OWN_LETTERS``.  Turned and reversed letters (phonetics) have no base.
_NAMED_BASE = re.compile(r"LATIN (?:CAPITAL |SMALL )?(?:SMALL CAPITAL )?(?:LETTER|LIGATURE) (?:SMALL CAPITAL )?"
                         r"(?:DOTLESS |BARRED |SCRIPT |AFRICAN |OPEN |LONG |BLACKLETTER )?"
                         r"([A-Z]|AE|OE|THORN|ETH|SHARP S|ENG|KRA)(?: BAR)?(?: WITH .*)?")
_OWN_LETTERS = {"AE": "AE", "OE": "OE", "THORN": "TH", "ETH": "D", "SHARP S": "SS", "ENG": "N", "KRA": "K"}


def fold(word: str) -> str:
    """The word's letters A-Z, upper case (the Decision under I-S4): accents folded, and (rev 4)
    every Latin letter folded to its base letters, strokes and bars included ("Łódź" -> LODZ,
    Ø O, Đ D, Æ AE, Œ OE, Þ TH, ß SS); only what has no Latin base (digits, marks, Greek, ...)
    is dropped."""
    out = []
    for ch in unicodedata.normalize("NFKD", word):
        if unicodedata.combining(ch):
            continue
        if "A" <= ch.upper()[:1] <= "Z":  # "ß".upper() is "SS"
            out.append(ch.upper())
            continue
        named = _NAMED_BASE.fullmatch(unicodedata.name(ch, ""))
        if named:
            base = named.group(1)
            out.append(_OWN_LETTERS.get(base, base))
    return "".join(c for c in "".join(out) if "A" <= c <= "Z")


def digit_sum(n: int) -> int:
    """I-S3: add the digits until one digit remains (19 -> 10 -> 1)."""
    while n > 9:
        n = sum(int(d) for d in str(n))
    return n


def letter_value(ch: str) -> int:
    """A=1 ... Z=26."""
    return ord(ch.upper()) - ord("A") + 1


def six_letters(word: str, option: str = "plain") -> str:
    """I-S2 (+ I-S4 reverse / start two letters in): the six letters that make the Slots; the
    word is written out as often as it takes, so two letters in "undead" reads DEADUN."""
    letters = fold(word)
    if option == "reverse":
        letters = letters[::-1]
    if not letters:
        raise IllegalAction("I-S1", M("The word needs at least one letter from A to Z."))
    start = 2 if option == "skip2" else 0  # rev 4: two letters into the repeated word, "cat" -> TCATCA
    while len(letters) < start + 6:
        letters += letters
    return letters[start:start + 6]


def slots_from_word(word: str, option: str = "plain") -> tuple[int, ...]:
    """I-S3: the six Slots of a word."""
    return tuple(digit_sum(letter_value(ch)) for ch in six_letters(word, option))


def slots_from_dice(chance: Chance, sides: int) -> tuple[int, ...]:
    """I-S4: six rolls of a D6 or a D10 (a 0, i.e. a 10, is re-rolled)."""
    out: list[int] = []
    while len(out) < 6:
        face = chance.die(sides)
        if sides == 10 and face == 10:
            continue
        out.append(face)
    return tuple(out)


def word_table(word: str, option: str = "plain") -> list[tuple[str, int, int]]:
    """The game-sheet table: (letter, alphabet number, digit) for each of the six letters."""
    return [(ch, letter_value(ch), digit_sum(letter_value(ch))) for ch in six_letters(word, option)]


# -- the used-words list (I-S1), kept per player profile ------------------------------

#: The profile's used-words file, in the app's data folder.
WORDS_FILE = "invasion-used-words.json"

#: Largest used-words file read, and the most words used from it (a word a game: twenty
#: thousand games; a longer list keeps its newest words, the file is left as it is).
MAX_WORDS_BYTES = 1024 * 1024
MAX_WORDS = 20_000
_FOLDED = re.compile(r"[A-Z]+")


def load_used_words(path: Path) -> list[str]:
    """The folded words this profile has used; a missing or damaged file counts as empty.
    Read through the guarded reader (size, nesting, regular files only)."""
    from ...jsonio import FileProblem, read_json

    try:
        data = read_json(Path(path), "used-words file", MAX_WORDS_BYTES)
    except FileProblem:
        return []
    words = data.get("words", []) if isinstance(data, dict) else []
    if not isinstance(words, list):
        return []
    words = [w for w in words[-MAX_WORDS:] if isinstance(w, str)]
    return [w for w in (w if _FOLDED.fullmatch(w) else fold(w) for w in words) if w]


def check_word_unused(path: Path, word: str) -> None:
    """Raise IllegalAction(I-S1) if the word was used before by this profile."""
    key = fold(word)
    if not key:
        raise IllegalAction("I-S1", M("The word needs at least one letter from A to Z."))
    if key in load_used_words(path):
        raise IllegalAction("I-S1", used_before(word))


def used_before(word: str) -> Msg:
    """I-S1's refusal of a word this profile has played (the word as the player typed it)."""
    # TRANSLATORS: {word} is the word the player typed (it stays as typed)
    return M("You have played with the word '{word}' before: Paper Invasion wants a new word every game.",
             word=word.strip())


def remember_word(path: Path, word: str) -> None:
    """Add a word to the profile's used-words list (written atomically)."""
    from ...jsonio import write_atomic

    key = fold(word)
    if not key:
        return
    path = Path(path)
    words = load_used_words(path)
    if key not in words:
        words.append(key)
    words = words[-MAX_WORDS:]  # what is written reads back: the reader's own limits
    size = sum(len(w) + 6 for w in words) + 100  # as written: one indented word a line
    while size > MAX_WORDS_BYTES and len(words) > 1:  # the oldest words give way
        size -= len(words.pop(0)) + 6
    # a damaged list is never written over: it is kept as invasion-used-words.damaged.json (and said)
    write_atomic(path, {"format": "paperwars-invasion-words", "version": 1, "words": words}, reader=_read_strict,
                 what="used-words file", max_bytes=MAX_WORDS_BYTES)


def forget_word(path: Path, word: str) -> bool:
    """Take a word off the profile's used-words list (a word taken back by Undo was never played);
    True if it was there.  A list that cannot be read is left as it is."""
    from ...jsonio import write_atomic

    key = fold(word)
    path = Path(path)
    words = load_used_words(path) if key else []
    if key not in words:
        return False
    write_atomic(path, {"format": "paperwars-invasion-words", "version": 1, "words": [w for w in words if w != key]},
                 reader=_read_strict, what="used-words file", max_bytes=MAX_WORDS_BYTES)
    return True


def _read_strict(path: Path) -> None:
    """FileProblem when the used-words file is not one (the guarded reader, then its shape)."""
    from ...jsonio import FileProblem, file_name, read_json

    data = read_json(path, "used-words file", MAX_WORDS_BYTES)
    if not isinstance(data, dict) or not isinstance(data.get("words", []), list):
        raise FileProblem(M("The used-words file {file} holds no list of words.", file=file_name(path)))


def seeded_word(chance: Chance, theme: str, extra: Sequence[str] = (), used: Collection[str] = ()) -> str:
    """A word for the theme picked by the game's own generator (self-play, quick start),
    never one of the ``used`` (folded) words: when the table runs out, two words joined."""
    words = list(theme_words(theme))
    words += [w for t in THEMES for w in t[3] if w not in words] + list(extra)
    fresh = [w for w in words if fold(w) not in used]
    if not fresh:
        fresh = [a + b for a in words[:8] for b in words if a != b and fold(a + b) not in used]
    return chance.choice(fresh or words)

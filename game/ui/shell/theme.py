"""The pygame_gui theme: paper colours and the bundled hand font, at the UI scale."""

from __future__ import annotations

from typing import Any

from ...paths import sprites_dir
from .. import paper

#: The smaller text sizes (at 100%) a button may take when its words do not fit at 17.
TEXT_SIZES = (15, 13)


def list_row(scale: float) -> int:
    """The height of a row in an open drop-down or a selection list: the theme's text and a
    little air (pygame_gui's own 20 px cut the text at large UI scales)."""
    return paper.font(round(17 * scale)).get_height() + max(4, round(4 * scale))


def theme(scale: float = 1.0) -> dict[str, Any]:
    """The pygame_gui theme: paper colours and the bundled hand font, at the UI scale."""
    fonts = sprites_dir() / "fonts"
    font = {
        "name": "comicneue",
        "size": str(round(17 * scale)),
        "regular_path": str(fonts / "ComicNeue-Regular.otf"),
        "bold_path": str(fonts / "ComicNeue-Bold.otf"),
        "italic_path": str(fonts / "ComicNeue-Regular.otf"),
        "bold_italic_path": str(fonts / "ComicNeue-Bold.otf"),
    }
    colours = {
        "normal_bg": "#EFE8D6", "hovered_bg": "#E4DAC0", "disabled_bg": "#E9E4D8",
        "selected_bg": "#D8CCAA", "active_bg": "#D8CCAA", "dark_bg": "#F4EFE1", "disabled_dark_bg": "#E9E4D8",
        "normal_text": "#34343C", "hovered_text": "#1E1E26", "disabled_text": "#A09E96",
        "selected_text": "#1E1E26", "active_text": "#1E1E26",
        "normal_border": "#58585F", "hovered_border": "#34343C", "disabled_border": "#B0AEA6",
        "selected_border": "#34343C", "active_border": "#34343C",
        "text_cursor": "#34343C", "filled_bar": "#0072B2", "unfilled_bar": "#D8D2C0",
        "link_text": "#0072B2", "link_hover": "#D55E00", "link_selected": "#D55E00",
    }
    read_only = {"disabled_text": "#45443F", "disabled_bg": "#E3DDCE", "disabled_dark_bg": "#E3DDCE",
                 "disabled_border": "#C9C5B9"}
    shape = {"shape": "rounded_rectangle", "shape_corner_radius": str(round(6 * scale)), "border_width": "2",
             "shadow_width": "0"}
    return {
        "defaults": {"colours": colours, "font": font, "misc": {}},
        "button": {"misc": shape, "font": font},
        "drop_down_menu": {"misc": {"border_width": "2", "shadow_width": "0",
                                    "open_button_width": str(round(20 * scale))}},
        # A drop-down near the bottom of the window opens upwards (Scene.drop_down picks it).
        "#opens_up": {"misc": {"expand_direction": "up"}},
        # List rows (an open drop-down, the Load list) as tall as their text at this scale: the
        # library's fixed 20 px cut the rows at 150%.
        "selection_list": {"misc": {"list_item_height": str(list_row(scale))}},
        "text_entry_line": {"font": font},
        # A setting shown but not changeable (a friend looks at the host's room): the words stay
        # dark enough to read; the faint frame and arrow and the greyer paper say it cannot be
        # changed.  A drop-down's parts are buttons ("@read_only.button").
        # A button whose words do not fit at the theme's size (a long translation in a narrow
        # tool column): the same font, smaller (game.ui.widgets.fitting_class picks one).
        **{f"@text_{size}": {"font": {**font, "size": str(round(size * scale))}} for size in TEXT_SIZES},
        "@read_only": {"colours": read_only},
        "@read_only.button": {"colours": read_only},
        "@read_only.#expand_button": {"colours": {**read_only, "disabled_text": "#BDB9AD"}},
        "text_box": {"misc": {"border_width": "0", "shadow_width": "0"},
                     "colours": {"dark_bg": "#00000000"}, "font": font},
        "label": {"colours": {"dark_bg": "#00000000"}, "font": font},
        # Tooltips are text boxes too; they need solid paper or they read through the board.
        "tool_tip.text_box": {"colours": {"dark_bg": "#FFFBEA", "normal_border": "#58585F"},
                              "misc": {"border_width": "1", "shadow_width": "0", "padding": "6,4"}, "font": font},
        "#title": {"font": {**font, "size": str(round(30 * scale)), "bold": "1"}},
        # the Load list's long lines read from the left (a cut-off end, never both ends)
        "#save_list": {"misc": {"list_item_height": str(round(28 * scale))}},
        "#save_list.#item_list_item": {"misc": {"text_horiz_alignment": "left",
                                                "text_horiz_alignment_padding": str(round(8 * scale))}},
    }

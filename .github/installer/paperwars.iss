; Inno Setup script for the Windows installer: the one-folder bundle (dist\paperwars) into
; Program Files (or the user's own programs folder), a Start-menu entry, an uninstaller.
; Built by .github/workflows/bundles.yml:
;   ISCC /DAppVersion=0.1.0 /DRepo=<checkout> /DOutputDir=<folder> .github\installer\paperwars.iss
#ifndef AppVersion
  #error Pass the version: ISCC /DAppVersion=X.Y.Z
#endif
#ifndef Repo
  #define Repo "..\.."
#endif
#ifndef OutputDir
  #define OutputDir "."
#endif

[Setup]
AppId={{5B1C2E57-3F0A-4C38-9E51-7A2D3C9B8F14}
AppName=Paper Wars
AppVersion={#AppVersion}
AppVerName=Paper Wars {#AppVersion}
AppPublisher=The Paper Wars authors
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\Paper Wars
DefaultGroupName=Paper Wars
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
LicenseFile={#Repo}\LICENSE
SetupIconFile={#Repo}\sprites\icon\paperwars.ico
UninstallDisplayIcon={app}\paperwars.exe
OutputDir={#OutputDir}
OutputBaseFilename=PaperWars-{#AppVersion}-windows-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#Repo}\dist\paperwars\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Paper Wars"; Filename: "{app}\paperwars.exe"
Name: "{autodesktop}\Paper Wars"; Filename: "{app}\paperwars.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\paperwars.exe"; Description: "{cm:LaunchProgram,Paper Wars}"; Flags: nowait postinstall skipifsilent

; The Windows setup program: installs the PyInstaller folder dist\fiftyfifty-desktop
; for the current user (no administrator rights) into
; %LOCALAPPDATA%\Programs\Card Table, or, when chosen in its first dialog or with
; /ALLUSERS, for everyone into Program Files; with a Start-menu shortcut, an
; optional desktop shortcut and an uninstaller (Settings > Apps, or unins000.exe).
; It speaks the game's four languages and picks the system's.
;
; Built by the release workflow after the bundle, with Inno Setup 6.3 or newer:
;   iscc /DAppVersion=0.1.0 /DAppUserModelId=io.github.fiftyfifty_desktop.CardTable packaging\windows\fiftyfifty-desktop.iss
; (the id is fiftyfifty_desktop.APP_ID, which the game also gives its window), which
; writes dist\fiftyfifty-desktop-<version>-windows-setup.exe. It needs assets\icon.ico
; (python scripts/make_icon.py writes it when Pillow is installed).
; Paths below are relative to this file's folder.

#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=1.2.3 fiftyfifty-desktop.iss
#endif
#ifndef AppUserModelId
  #error Give the application id: iscc /DAppUserModelId=... (fiftyfifty_desktop.APP_ID)
#endif

[Setup]
; The same id in every version, so a new version replaces the old one.
AppId={{9792157D-C9D2-5122-BAE6-474CB737CDDE}
AppName=Card Table
AppVersion={#AppVersion}
AppPublisher=fiftyfifty_desktop
DefaultDirName={autopf}\Card Table
DefaultGroupName=Card Table
DisableProgramGroupPage=yes
; Per user unless asked otherwise: /CURRENTUSER and /ALLUSERS on the command line, or the first dialog.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
; The bundle is x64: it runs on x64 Windows and, emulated, on Windows 11 on Arm.
ArchitecturesAllowed=x64compatible
; Windows 10 or newer: the Rust parts of cryptography and orjson are built for Rust's Windows targets, which
; need Windows 10 (Python 3.11 itself would start on 8.1); older Windows is refused before anything is copied.
MinVersion=10.0
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=..\..\assets\icon.ico
VersionInfoVersion={#AppVersion}
VersionInfoProductName=Card Table
LicenseFile=..\..\LICENSE
OutputDir=..\..\dist
OutputBaseFilename=fiftyfifty-desktop-{#AppVersion}-windows-setup
UninstallDisplayIcon={app}\fiftyfifty-desktop.exe
UninstallDisplayName=Card Table
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "de"; MessagesFile: "compiler:Languages\German.isl"
Name: "fr"; MessagesFile: "compiler:Languages\French.isl"
Name: "it"; MessagesFile: "compiler:Languages\Italian.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

; An upgrade first removes the old version's bundle, so no file the new version no longer ships is left
; behind (a stale module there could be loaded instead of the new one). The user's data lives elsewhere.
[InstallDelete]
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "..\..\dist\fiftyfifty-desktop\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{autoprograms}\Card Table"; Filename: "{app}\fiftyfifty-desktop.exe"; AppUserModelID: "{#AppUserModelId}"
Name: "{autodesktop}\Card Table"; Filename: "{app}\fiftyfifty-desktop.exe"; AppUserModelID: "{#AppUserModelId}"; Tasks: desktopicon

[Run]
Filename: "{app}\fiftyfifty-desktop.exe"; Description: "{cm:LaunchProgram,Card Table}"; Flags: nowait postinstall skipifsilent

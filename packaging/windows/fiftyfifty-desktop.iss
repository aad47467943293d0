; The Windows setup program: installs the PyInstaller folder dist\fiftyfifty-desktop
; for the current user only (no administrator rights), into
; %LOCALAPPDATA%\Programs\Card Table, with a Start-menu shortcut, an optional
; desktop shortcut and an uninstaller (Settings > Apps, or unins000.exe).
;
; Built by the release workflow after the bundle, with Inno Setup 6:
;   iscc /DAppVersion=0.1.0 packaging\windows\fiftyfifty-desktop.iss
; which writes dist\fiftyfifty-desktop-<version>-windows-setup.exe.
; Paths below are relative to this file's folder.

#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=1.2.3 fiftyfifty-desktop.iss
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
PrivilegesRequired=lowest
ArchitecturesAllowed=x64
ArchitecturesInstallIn64BitMode=x64
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

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\fiftyfifty-desktop\*"; DestDir: "{app}"; Flags: recursesubdirs createallsubdirs ignoreversion

[Icons]
Name: "{autoprograms}\Card Table"; Filename: "{app}\fiftyfifty-desktop.exe"
Name: "{autodesktop}\Card Table"; Filename: "{app}\fiftyfifty-desktop.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\fiftyfifty-desktop.exe"; Description: "{cm:LaunchProgram,Card Table}"; Flags: nowait postinstall skipifsilent

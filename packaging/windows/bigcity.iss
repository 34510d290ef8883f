; Inno Setup script for Big City Desktop (Inno Setup 6.3 or newer; CI uses 6.4).
;
; Build the PyInstaller folder first (packaging/README.md), then, from the
; repository root on Windows:
;
;     iscc packaging\windows\bigcity.iss
;
; Signed (the release workflow does this when a certificate or a cloud
; signing account is configured; see packaging/windows/sign.ps1):
;
;     iscc /DSign "/Sbigcity=powershell -NoProfile -File packaging\windows\sign.ps1 $f" packaging\windows\bigcity.iss
;
; Output: dist\installer\BigCity-<version>-windows-x64-setup.exe
;
; The version is read from bigcity.exe's version resource, which the
; PyInstaller spec writes from bigcity_desktop.__version__ (packaging/versions.py):
; the product version (text, PEP 440: 0.2.0rc1) names the installer, the
; four numbers of the file version (0.2.0.30199) go into VersionInfoVersion,
; which must be numeric. Every #define below can be given with /D instead
; (CI compiles this script under wine against the Linux folder, which has
; no bigcity.exe: packaging/tests/test_windows_installer.py).
; Relative paths below are relative to this script's folder.

#define AppName "Big City"
#define AppPublisher "Big City Desktop"
#define AppExeName "bigcity.exe"
#ifndef BuildDir
  #define BuildDir "..\..\dist\Big City"
#endif
#ifndef IconDir
  #define IconDir "..\..\build\icons"
#endif
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(AddBackslash(SourcePath) + BuildDir + "\" + AppExeName, "ProductVersion")
#endif
#ifndef VersionNumbers
  #define VersionNumbers GetVersionNumbersString(AddBackslash(SourcePath) + BuildDir + "\" + AppExeName)
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist\installer"
#endif
#ifndef Compression
  #define Compression "lzma2/max"
#endif

[Setup]
; AppId identifies the app for upgrades and uninstall: never change it.
AppId={{DA237CDF-D2B7-4DD4-B225-3128AE735775}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
VersionInfoVersion={#VersionNumbers}
VersionInfoProductVersion={#VersionNumbers}
VersionInfoProductTextVersion={#AppVersion}
VersionInfoProductName={#AppName}
VersionInfoDescription={#AppName} installer
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per machine (Program Files, needs admin) by default; the first page lets a
; player without admin rights install for themselves only ({autopf} and the
; HKA registry root then point into their own profile).
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=BigCity-{#AppVersion}-windows-x64-setup
LicenseFile=..\..\LICENSE
SetupIconFile={#IconDir}\bigcity.ico
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
ChangesAssociations=yes
CloseApplications=yes
Compression={#Compression}
SolidCompression=yes
WizardStyle=modern
; The pages in the player's Windows language where it is one of the game's
; (English, German); a choice is offered only for another language.
ShowLanguageDialog=auto
#ifdef Sign
; "bigcity" is the sign tool given on the command line with /Sbigcity=...
SignTool=bigcity
SignedUninstaller=yes
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "german"; MessagesFile: "compiler:Languages\German.isl"

[CustomMessages]
english.GameFileType=Big City game
german.GameFileType=Big-City-Partie

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the libraries wholesale: files of the old version that
; the new one no longer ships must not be loaded by it.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The PyInstaller folder: bigcity.exe (the game), bigcity-cli.exe (the
; command line) and bigcity-server.exe (the table server for network games),
; both console programs without a Start menu entry, and their _internal\.
Source: "{#BuildDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
; The icon of .bigcity files (scripts/make_icons.py, from resources/icons/bigcity-file.svg).
Source: "{#IconDir}\bigcity-file.ico"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Registry]
; .bigcity game records open in the game (HKA: the machine's or the user's
; classes, following the install mode).
; Uninstalling deletes our values, and then each key that is left empty
; (entries are undone last to first, children before their parents).
Root: HKA; Subkey: "Software\Classes\.bigcity"; ValueType: string; ValueName: ""; ValueData: "BigCityDesktop.Game"; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\.bigcity\OpenWithProgids"; ValueType: string; ValueName: "BigCityDesktop.Game"; ValueData: ""; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\BigCityDesktop.Game"; ValueType: string; ValueName: ""; ValueData: "{cm:GameFileType}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\BigCityDesktop.Game\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\bigcity-file.ico"
Root: HKA; Subkey: "Software\Classes\BigCityDesktop.Game\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExeName}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExeName}"; ValueType: none; Flags: uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExeName}\SupportedTypes"; ValueType: string; ValueName: ".bigcity"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#StringChange(AppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent

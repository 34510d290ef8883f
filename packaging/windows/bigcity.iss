; Inno Setup script for Big City Desktop (Inno Setup 6.3 or newer).
;
; Build the PyInstaller folder first (packaging/README.md), then, from the
; repository root on Windows:
;
;     iscc packaging\windows\bigcity.iss
;
; Signed (the release workflow does this when a certificate is configured):
;
;     iscc /DSign "/Sbigcity=signtool sign /fd sha256 /td sha256 /tr <timestamp url> /f <cert.pfx> /p <password> $f" packaging\windows\bigcity.iss
;
; Output: dist\installer\BigCity-<version>-windows-x64-setup.exe
; The version is read from bigcity.exe's version resource, which the
; PyInstaller spec writes from bigcity_desktop.__version__.
; Relative paths below are relative to this script's folder.

#define AppName "Big City"
#define AppPublisher "Big City Desktop"
#define AppExeName "bigcity.exe"
#define BuildDir "..\..\dist\Big City"
#ifndef AppVersion
  #define AppVersion GetStringFileInfo(AddBackslash(SourcePath) + BuildDir + "\" + AppExeName, "ProductVersion")
#endif
#define IconFile "..\..\build\icons\bigcity.ico"

[Setup]
; AppId identifies the app for upgrades and uninstall: never change it.
AppId={{DA237CDF-D2B7-4DD4-B225-3128AE735775}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
VersionInfoVersion={#AppVersion}
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
OutputDir=..\..\dist\installer
OutputBaseFilename=BigCity-{#AppVersion}-windows-x64-setup
LicenseFile=..\..\LICENSE
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
ChangesAssociations=yes
CloseApplications=yes
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
#ifdef Sign
; "bigcity" is the sign tool given on the command line with /Sbigcity=...
SignTool=bigcity
SignedUninstaller=yes
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the libraries wholesale: files of the old version that
; the new one no longer ships must not be loaded by it.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#BuildDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Registry]
; .bigcity game records open in the game (HKA: the machine's or the user's
; classes, following the install mode).
Root: HKA; Subkey: "Software\Classes\.bigcity"; ValueType: string; ValueName: ""; ValueData: "BigCityDesktop.Game"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.bigcity\OpenWithProgids"; ValueType: string; ValueName: "BigCityDesktop.Game"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\BigCityDesktop.Game"; ValueType: string; ValueName: ""; ValueData: "Big City game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\BigCityDesktop.Game\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExeName},0"
Root: HKA; Subkey: "Software\Classes\BigCityDesktop.Game\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExeName}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExeName}\SupportedTypes"; ValueType: string; ValueName: ".bigcity"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#StringChange(AppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent

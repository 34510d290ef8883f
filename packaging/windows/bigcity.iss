; Inno Setup script for Big City Desktop (Inno Setup 6.3 or newer).
;
; Build the PyInstaller folder first (see packaging/README.md), then, from the
; repository root on Windows:
;
;     iscc /DAppVersion=0.1.0 packaging\windows\bigcity.iss
;
; Output: dist\installer\BigCity-<version>-windows-setup.exe
; Relative paths below are relative to this script's folder.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define AppName "Big City"
#define AppPublisher "BigCityDesktop"
#define AppExeName "bigcity.exe"
#define BuildDir "..\..\dist\Big City"

[Setup]
; AppId identifies the app for upgrades and uninstall: never change it.
AppId={{DA237CDF-D2B7-4DD4-B225-3128AE735775}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user install without admin rights is offered as an option.
PrivilegesRequired=admin
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist\installer
OutputBaseFilename=BigCity-{#AppVersion}-windows-setup
#if FileExists(AddBackslash(SourcePath) + "bigcity.ico")
SetupIconFile=bigcity.ico
#endif
UninstallDisplayIcon={app}\{#AppExeName}
UninstallDisplayName={#AppName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BuildDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExeName}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExeName}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExeName}"; Description: "{cm:LaunchProgram,{#StringChange(AppName, '&', '&&')}}"; Flags: nowait postinstall skipifsilent

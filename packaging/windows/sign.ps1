# Sign Windows programs with signtool (Authenticode, SHA-256, RFC 3161 timestamp).
#
#     pwsh -NoProfile -File packaging\windows\sign.ps1 FILE [FILE ...]
#
# Inno Setup calls it for the installer and the uninstaller (SignTool=bigcity,
# given to iscc as /Sbigcity=...), the release workflow for bigcity.exe and
# bigcity-cli.exe. Which key signs comes from the environment, so that no
# secret is ever on a command line that a log could show:
#
#   Cloud signing (keys in a hardware module, as every code-signing
#   certificate issued since June 2023 must be): Azure Trusted Signing
#   through signtool's /dlib, or another signtool-compatible provider dlib.
#     SIGN_DLIB           path of the provider's dlib (Azure.CodeSigning.Dlib.dll)
#     SIGN_DLIB_METADATA  path of its metadata JSON (endpoint, account, certificate profile)
#     SIGN_TIMESTAMP_URL  optional; default http://timestamp.acs.microsoft.com
#     (The Azure dlib logs in with AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET.)
#
#   A certificate file, for those who still have an exportable one:
#     SIGN_PFX            path of the .pfx
#     SIGN_PFX_PASSWORD   its password (passed to signtool as one quoted argument)
#     SIGN_TIMESTAMP_URL  optional; default http://timestamp.digicert.com
#
#   SIGNTOOL             optional path of signtool.exe (default: the newest Windows SDK's)

$ErrorActionPreference = 'Stop'
$PSNativeCommandUseErrorActionPreference = $true
Set-StrictMode -Version Latest

if ($args.Count -eq 0) { throw 'sign.ps1: give the files to sign' }

$signtool = $env:SIGNTOOL
if (-not $signtool) {
    $signtool = (Get-ChildItem "${env:ProgramFiles(x86)}\Windows Kits\10\bin\*\x64\signtool.exe" |
        Sort-Object { [version]($_.Directory.Parent.Name) } | Select-Object -Last 1).FullName
}
if (-not $signtool -or -not (Test-Path $signtool)) { throw 'sign.ps1: signtool.exe not found (set SIGNTOOL)' }

if ($env:SIGN_DLIB) {
    if (-not (Test-Path $env:SIGN_DLIB)) { throw "sign.ps1: SIGN_DLIB $env:SIGN_DLIB does not exist" }
    if (-not $env:SIGN_DLIB_METADATA -or -not (Test-Path $env:SIGN_DLIB_METADATA)) {
        throw 'sign.ps1: SIGN_DLIB_METADATA must name the dlib metadata JSON'
    }
    $timestamp = if ($env:SIGN_TIMESTAMP_URL) { $env:SIGN_TIMESTAMP_URL } else { 'http://timestamp.acs.microsoft.com' }
    $key = @('/dlib', $env:SIGN_DLIB, '/dmdf', $env:SIGN_DLIB_METADATA)
} elseif ($env:SIGN_PFX) {
    if (-not (Test-Path $env:SIGN_PFX)) { throw "sign.ps1: SIGN_PFX $env:SIGN_PFX does not exist" }
    $timestamp = if ($env:SIGN_TIMESTAMP_URL) { $env:SIGN_TIMESTAMP_URL } else { 'http://timestamp.digicert.com' }
    # One array element is one argument: PowerShell quotes it for signtool,
    # spaces, quotes and all, and it never passes through a shell.
    $key = @('/f', $env:SIGN_PFX, '/p', "$env:SIGN_PFX_PASSWORD")
} else {
    throw 'sign.ps1: set SIGN_DLIB and SIGN_DLIB_METADATA (cloud signing) or SIGN_PFX and SIGN_PFX_PASSWORD'
}

foreach ($file in $args) {
    & $signtool sign /fd sha256 /td sha256 /tr $timestamp @key $file
    & $signtool verify /pa /v $file | Out-Null
    Write-Output "signed $file"
}

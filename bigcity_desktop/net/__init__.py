"""Network play: the table protocol, the table server, the client core and
local-network discovery. Qt-free (the app bridges the client to Qt signals);
see docs/PROTOCOL.md."""

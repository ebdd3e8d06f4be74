"""Friends online: the table's protocol and how a deal is made fair (ONLINE.md, docs/NET.md)."""

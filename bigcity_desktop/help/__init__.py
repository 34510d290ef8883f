"""Help texts: the rules summary (generated from the rules data) and About."""

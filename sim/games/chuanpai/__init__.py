"""川牌 (Sichuan long cards): the 84-card family shared by 天地人和 and the pairing game."""

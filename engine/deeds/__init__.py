"""Deeds Not Words (rules/deeds-not-words.md): a two-player battle of faction decks.

The package's modules and every reading where the rulebook is silent are in README.md.
"""

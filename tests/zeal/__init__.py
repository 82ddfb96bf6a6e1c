"""Zeal's own rules tests (rules/zeal.md), named after the rulebook's sections."""

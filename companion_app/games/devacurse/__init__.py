"""Devacurse at the table: Faith on the dial, blessings, soldier and hero lines."""

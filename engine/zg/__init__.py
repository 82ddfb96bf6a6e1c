"""Z-G (rules/z-g.md): posable figures, zGear cards, and the test of dot against facing dot."""

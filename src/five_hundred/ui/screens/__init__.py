"""The screens of the table: start, curtain, table, summary, score sheet, rules."""

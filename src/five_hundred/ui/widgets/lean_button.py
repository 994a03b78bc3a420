"""Textual's ``Button`` with only the styles of the buttons the start screen shows.

Textual's button brings 57 style rules (flat buttons, and the success, warning and
error variants) that are parsed when the first one is mounted and matched against
every button on every restyle: the start screen's five buttons took a sixth of the
time it takes to appear, and half as much with these 18. This one is the same
widget -- same look, keys and
messages (``Button.Pressed``) -- with the rules for the default and primary
variants in the default style, copied from Textual 8.2's ``Button.DEFAULT_CSS`` and
``Widget.DEFAULT_CSS`` (``inherit_css=False``: Textual's rules are not loaded for it).
tests/ui/test_fast_start.py compares the two buttons in every state.
"""

from __future__ import annotations

from textual.widgets import Button


class LeanButton(Button, inherit_css=False):
    DEFAULT_CSS = """
    LeanButton {  /* Widget's (not inherited either) */
        scrollbar-background: $scrollbar-background;
        scrollbar-background-hover: $scrollbar-background-hover;
        scrollbar-background-active: $scrollbar-background-active;
        scrollbar-color: $scrollbar;
        scrollbar-color-active: $scrollbar-active;
        scrollbar-color-hover: $scrollbar-hover;
        scrollbar-corner-color: $scrollbar-corner-color;
        scrollbar-size-vertical: 2;
        scrollbar-size-horizontal: 1;
        link-background: $link-background;
        link-color: $link-color;
        link-style: $link-style;
        link-background-hover: $link-background-hover;
        link-color-hover: $link-color-hover;
        link-style-hover: $link-style-hover;
        background: transparent;
    }

    LeanButton:ansi.-style-default {
        border: tall $border-blurred;
        background: ansi_default;

        &:disabled {
            text-opacity: 1;
            text-style: bold dim;
            border: tall $border-blurred !important;
            background: ansi_default !important;
            pointer: not-allowed;
            &:hover {
                background: ansi_default;
            }
        }

        &:hover {
            background: $ansi-background;
            border: tall $border;
        }

        &.-active {
            background: $ansi-background !important;
            border: blank $background !important;
            tint: transparent;
        }

        &.-primary {
            color: $primary;
            border: tall $primary;
            background: ansi_default;
            &:hover {
                background: $ansi-background;
            }
        }
    }

    LeanButton {
        width: auto;
        min-width: 16;
        height:auto;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        pointer: pointer;

        &.-style-default {
            text-style: bold;
            color: $button-foreground;
            background: $surface;
            border: none;
            border-top: tall $surface-lighten-1;
            border-bottom: tall $surface-darken-1;

            &.-textual-compact {
                border: none !important;
            }

            &:disabled {
                text-opacity: 0.6;
                pointer: not-allowed;
            }

            &:focus {
                text-style: $button-focus-text-style;
                background-tint: $foreground 5%;
            }
            &:hover {
                border-top: tall $surface;
                background: $surface-darken-1;
            }

            &.-active {
                background: $surface;
                border-bottom: tall $surface-lighten-1;
                border-top: tall $surface-darken-1;
                tint: $background 30%;
            }

            &.-primary {
                color: $button-color-foreground;
                background: $primary;
                border-top: tall $primary-lighten-3;
                border-bottom: tall $primary-darken-3;

                &:hover {
                    background: $primary-darken-2;
                    border-top: tall $primary;
                }

                &.-active {
                    background: $primary;
                    border-bottom: tall $primary-lighten-3;
                    border-top: tall $primary-darken-3;
                }
            }
        }
    }
    """

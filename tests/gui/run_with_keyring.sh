#!/bin/sh
# Runs a command with an unlocked gnome-keyring Secret Service in the current (private) D-Bus session, with a
# private HOME and XDG_RUNTIME_DIR so that no real keyring or settings are touched. Used under dbus-run-session.
set -e
HOME=$(mktemp -d)
XDG_RUNTIME_DIR=$(mktemp -d)
XDG_CONFIG_HOME="$HOME/.config"
XDG_DATA_HOME="$HOME/.local/share"
XDG_CACHE_HOME="$HOME/.cache"
export HOME XDG_RUNTIME_DIR XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME
chmod 700 "$XDG_RUNTIME_DIR"
eval "$(printf 'filingdesk-test\n' | gnome-keyring-daemon --unlock --components=secrets --daemonize)"
export GNOME_KEYRING_CONTROL
exec "$@"

# A compiler launcher placed after cuda-lint in the launcher chain, as ccache,
# sccache or distcc would be: appends its arguments, one call a line, to
# $RECORD_LAUNCHER_LOG, then runs them. Run as `/bin/sh record-launcher.sh ...`.
printf '%s\n' "$*" >> "$RECORD_LAUNCHER_LOG"
exec "$@"

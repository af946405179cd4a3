# Stage times for the gate (sourced by scripts/test.sh and .ci/run): `stage NAME command...` prints when a stage
# starts and ends (UTC) and how long it took; on exit, whether it passed or failed, every stage's time and the
# total are printed again, so a slow or failing stage is named at the end of the log.
_stage_start_all=$(date +%s)
_stage_lines=()
_stage_current=''

_stage_took() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

stage() {
  local name=$1
  shift
  local t0 t1
  t0=$(date +%s)
  _stage_current=$name
  printf '\n== %s (start %s UTC)\n' "$name" "$(date -u +%H:%M:%S)"
  "$@"
  t1=$(date +%s)
  _stage_current=''
  printf '== %s: done (end %s UTC, %s)\n' "$name" "$(date -u +%H:%M:%S)" "$(_stage_took $((t1 - t0)))"
  _stage_lines+=("$(printf '  %-60s %s' "$name" "$(_stage_took $((t1 - t0)))")")
}

_stage_summary() {
  local rc=$? label=${STAGE_LABEL:-gate}
  printf '\n== %s stage times\n' "$label"
  if [ ${#_stage_lines[@]} -gt 0 ]; then printf '%s\n' "${_stage_lines[@]}"; fi
  if [ -n "$_stage_current" ]; then printf '  %-60s FAILED\n' "$_stage_current"; fi
  printf '  %-60s %s (end %s UTC, exit %d)\n' 'total' "$(_stage_took $(($(date +%s) - _stage_start_all)))" \
    "$(date -u +%H:%M:%S)" "$rc"
}
trap _stage_summary EXIT

# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# Sourced by the scripts that start a session bus of their own for a GTK
# program (build-aux/check-window, build-aux/flatpak-offline): they give it
# a runtime folder of its own ($XDG_RUNTIME_DIR) and end what it started.
# The document portal, which GTK and flatpak run start on the bus, mounts
# its FUSE file system in the runtime folder, or in ~/.cache/doc when there
# is none; a portal left behind by one program, its process stuck, made the
# next flatpak run wait forever before it started its sandbox (CI,
# 2026-11-28).

# Prints the path of a new, empty runtime folder (mode 0700).
new_runtime_folder() {
  mktemp -d "${TMPDIR:-/tmp}/arboretum-runtime.XXXXXX"
}

# Ends what still runs with RUNTIME as its runtime folder (a portal whose
# bus went away), unmounts what it left there, and removes the folder.
end_services_of() { # end_services_of RUNTIME
  local runtime=$1 environ pid pids=() _
  for environ in /proc/[0-9]*/environ; do
    if { tr '\0' '\n' <"$environ"; } 2>/dev/null | grep -qxF "XDG_RUNTIME_DIR=$runtime"; then
      pid=${environ#/proc/}
      pids+=("${pid%/environ}")
    fi
  done
  [ "${#pids[@]}" -eq 0 ] || kill "${pids[@]}" 2>/dev/null
  for _ in $(seq 50); do
    mountpoint -q "$runtime/doc" 2>/dev/null || break
    sleep 0.1
  done
  if mountpoint -q "$runtime/doc" 2>/dev/null; then
    fusermount3 -u -z "$runtime/doc" 2>/dev/null || umount -l "$runtime/doc" 2>/dev/null ||
      echo "the document portal's mount $runtime/doc stays; remove it by hand (umount -l)" >&2
  fi
  mountpoint -q "$runtime/doc" 2>/dev/null || rm -rf "$runtime"
}

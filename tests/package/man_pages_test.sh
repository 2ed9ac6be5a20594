#!/bin/sh
# The man pages as a Debian user expects them: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS,
# EXAMPLES, FILES, ENVIRONMENT and SEE ALSO naming the other programs but not itself; no
# Boost "-h [ --help ]" form; and every long option the program's --help prints is in its page,
# which help2man makes from that --help (cmake/man_pages.cmake), so the two cannot drift apart.
# othello-book's OPTIONS has a subsection per subcommand holding every option of that
# subcommand's own --help (but --help, and options for tests alone).
#   man_pages_test.sh MAN_DIR BIN_DIR
set -eu
man_dir=$1
bin_dir=$2
programs="othello-engine othello-match othello-book othello-train othello-token"
fail() {
  echo "man_pages_test: $*" >&2
  exit 1
}
for program in $programs; do
  page=$man_dir/$program.1.gz
  [ -f "$page" ] || fail "no $page"
  text=$(zcat "$page")
  sections="|$(printf '%s\n' "$text" | sed -n 's/^\.SH "\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' | tr '\n' '|')"
  wanted="NAME|SYNOPSIS|DESCRIPTION|OPTIONS|EXIT STATUS|EXAMPLES|FILES|ENVIRONMENT|SEE ALSO"
  old_ifs=$IFS
  IFS='|'
  for section in $wanted; do
    case "$sections" in
      *"|$section|"*) ;;
      *) fail "$program(1) has no $section section (it has: $sections)" ;;
    esac
  done
  IFS=$old_ifs
  if printf '%s\n' "$text" | grep -q '\\fR \[ \\fB'; then
    fail "$program(1) keeps Boost's '-h [ --help ]' form"
  fi
  see_also=$(printf '%s\n' "$text" | sed -n '/^\.SH "SEE ALSO"/,$p')
  for other in $programs; do
    if [ "$other" = "$program" ]; then
      if printf '%s\n' "$see_also" | grep -q "^\.BR $other "; then fail "$program(1): SEE ALSO names itself"; fi
    else
      printf '%s\n' "$see_also" | grep -q "^\.BR $other " || fail "$program(1): SEE ALSO lacks $other"
    fi
  done
  for option in $("$bin_dir/$program" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    escaped=$(printf '%s' "$option" | sed 's/-/\\-/g')
    # Escaped as roff writes a hyphen, or as it stands in the synopsis.
    printf '%s\n' "$text" | grep -qF -e "$escaped" -e "$option" ||
      fail "$program(1) lacks $option, which --help gives"
  done
done
book=$(zcat "$man_dir/othello-book.1.gz")
for subcommand in build show stats bench evaluate lines; do
  heading="$subcommand options:"
  [ "$subcommand" = build ] && heading="build and import options:"
  subsection=$(printf '%s\n' "$book" | sed -n "/^\.SS \"$heading\"/,/^\.S[SH]/p" | sed '1d;$d')
  [ -n "$subsection" ] || fail "othello-book(1) has no subsection \"$heading\" in OPTIONS"
  for option in $("$bin_dir/othello-book" "$subcommand" --help | grep -o -- '--[a-z][a-z0-9-]*' |
    grep -v -e '^--help$' -e '^--test-' | sort -u); do
    escaped=$(printf '%s' "$option" | sed 's/-/\\-/g')
    printf '%s\n' "$subsection" | grep -qF -e "$escaped" ||
      fail "othello-book(1) lacks $option under \"$heading\", which 'othello-book $subcommand --help' gives"
  done
done
echo "man pages of $programs: every section, every option --help gives, othello-book's per subcommand"

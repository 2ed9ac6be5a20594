# Boost.Program_options writes an option with a short form as "-h [ --help ]"; a man page says
# "-h, --help". The line as help2man writes it: \fB\-h\fR [ \fB\-\-help\fR ]
s/^\\fB\\-\(.\)\\fR \[ \\fB\\-\\-\([a-z-]*\)\\fR \]/\\fB\\-\1\\fR, \\fB\\-\\-\2\\fR/

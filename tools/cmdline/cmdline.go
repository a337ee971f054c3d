// Package cmdline holds what qi's subcommands share on their command lines:
// help on request, printed on standard output and taken for a success, and
// flag errors said once, without the usage dumped after them.
package cmdline

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// IsHelp reports whether word asks for help: help, -h, -help or --help.
func IsHelp(word string) bool {
	switch word {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// Parse parses args into fs, whose name is the subcommand's ("play",
// "othellotrain train"). When help is asked for (help as the first word, or
// -h, -help or --help among the flags) it writes the usage on stdout and
// returns flag.ErrHelp: callers pass it up, and main exits 0. The usage is
// usage, then fs's flags. A bad flag is an error that says where the flags
// are listed.
func Parse(fs *flag.FlagSet, args []string, stdout io.Writer, usage string) error {
	fs.Usage = func() { PrintUsage(fs, usage) }
	fs.SetOutput(io.Discard)
	var err error
	if len(args) > 0 && IsHelp(args[0]) {
		err = flag.ErrHelp
	} else {
		err = fs.Parse(args)
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
		Help(fs, stdout)
		return flag.ErrHelp
	case err != nil:
		return fmt.Errorf("%s: %w (see qi %s -h)", fs.Name(), err, fs.Name())
	}
	return nil
}

// Help writes fs's usage on stdout.
func Help(fs *flag.FlagSet, stdout io.Writer) {
	fs.SetOutput(stdout)
	fs.Usage()
	fs.SetOutput(io.Discard)
}

// PrintUsage writes usage, then fs's flags, on fs's output.
func PrintUsage(fs *flag.FlagSet, usage string) {
	fmt.Fprintln(fs.Output(), usage)
	if hasFlags(fs) {
		fmt.Fprintln(fs.Output(), "flags:")
		fs.PrintDefaults()
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// IsTerminal reports whether f, a reader or writer, is a terminal (a
// character device), where people rather than programs read and type.
func IsTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok {
		return false
	}
	st, err := file.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

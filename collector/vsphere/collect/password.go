package collect

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// PasswordEnv is the environment variable the password is read from (never a flag: flags show in process lists).
const PasswordEnv = "IOKIT_VSPHERE_PASSWORD"

// Password reads the password from IOKIT_VSPHERE_PASSWORD, or asks for it without echo when stdin is a terminal.
func Password(user, server string) (string, bool) {
	if p, ok := os.LookupEnv(PasswordEnv); ok {
		return p, true
	}
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return "", false
	}
	fmt.Fprintf(os.Stderr, "Password of %s on %s: ", user, server)
	echo(false)
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	echo(true)
	fmt.Fprintln(os.Stderr)
	if err != nil && line == "" {
		return "", false
	}
	return strings.TrimRight(line, "\r\n"), true
}

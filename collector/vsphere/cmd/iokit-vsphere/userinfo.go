package main

import (
	"net/url"

	"iokit/vsphere/collect"
)

func userinfo(o collect.Options) *url.Userinfo { return url.UserPassword(o.User, o.Password) }

// Package release holds what identifies this build of qi: its version, which
// the protocols report and every batch manifest records, so that shards made
// by different versions are never merged.
package release

// Version is qi's version number.
const Version = "0.1.0"

//go:build race

package arena

// raceBuild says the tests run under the race detector, whose engines are
// several times slower: the big boards play fewer games there.
const raceBuild = true

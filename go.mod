module qi

go 1.26.0

require (
	github.com/google/shlex v0.0.0-20191202100458-e7afc7fbc510
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.5
)

require golang.org/x/sys v0.50.0

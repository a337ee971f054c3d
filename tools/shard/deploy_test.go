// Tests of the deploy files: each batch system's file is parsed as that
// system would read it, and the command line and environment it gives qi are
// run through qi's own parser (-dryrun): the flags must be ones qi takes, the
// shard the one the system means, and the merge must read where the shards
// write.

package shard_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/shlex"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// deployDir returns the deploy directory of this source.
func deployDir(t *testing.T) string {
	return filepath.Join(moduleRoot(t), "deploy")
}

func readDeploy(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(deployDir(t), name))
	require.NoError(t, err)
	return string(data)
}

// launch is what a deploy file makes a batch system run: qi's command line
// (its first word the binary) and the environment it adds.
type launch struct {
	words []string
	env   []string
}

// dryRun runs qi with a shard's command line and -dryrun, and returns the
// directory its files go to.
func dryRun(t *testing.T, l launch, wantShard string) string {
	t.Helper()
	require.NotEmpty(t, l.words)
	require.Equal(t, "qi", filepath.Base(l.words[0]), "the command runs qi: %v", l.words)
	cmd := exec.Command(buildQi(t), append(l.words[1:], "-dryrun")...)
	cmd.Env = cleanEnv(l.env...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "qi %v takes the command line: %s", l.words[1:], out)
	assert.Contains(t, string(out), wantShard)
	m := regexp.MustCompile(`files (\S+)/shard-\d+-of-\d+\.\*`).FindStringSubmatch(string(out))
	require.NotNil(t, m, string(out))
	return m[1]
}

// checkMerge runs a merge's command line on a directory that does not
// exist: qi must take its flags and look for shards where the shards write.
func checkMerge(t *testing.T, l launch, runDir string) {
	t.Helper()
	require.Equal(t, "qi", filepath.Base(l.words[0]))
	require.GreaterOrEqual(t, len(l.words), 3, "qi merge <dir>: %v", l.words)
	require.Equal(t, "merge", l.words[1])
	assert.Equal(t, runDir, l.words[len(l.words)-1], "the merge reads the shards' run")
	args := append([]string{"merge", "-dryrun"}, l.words[2:]...)
	args[len(args)-1] = filepath.Join(t.TempDir(), "absent")
	cmd := exec.Command(buildQi(t), args...)
	cmd.Env = cleanEnv(l.env...)
	out, _ := cmd.CombinedOutput()
	assert.Contains(t, string(out), "no such file or directory", "qi merge takes %v", l.words[2:])
}

// entrypoint reads the container image's ENTRYPOINT.
func entrypoint(t *testing.T) []string {
	m := regexp.MustCompile(`(?m)^ENTRYPOINT\s+(\[.*\])\s*$`).FindStringSubmatch(readDeploy(t, "Dockerfile"))
	require.NotNil(t, m, "the Dockerfile has an exec-form ENTRYPOINT")
	var words []string
	require.NoError(t, json.Unmarshal([]byte(m[1]), &words))
	return words
}

// TestDockerfile: the image holds the static binary alone, from no base
// image that could move under it, runs it as a user with no rights, and
// its build context lets in nothing but the binary (it ran as root from
// a floating golang image, with .git in its context).
func TestDockerfile(t *testing.T) {
	df := readDeploy(t, "Dockerfile")
	assert.Equal(t, []string{"/usr/local/bin/qi"}, entrypoint(t))
	froms := regexp.MustCompile(`(?m)^FROM\s+(\S+)`).FindAllStringSubmatch(df, -1)
	require.Len(t, froms, 1)
	assert.Equal(t, "scratch", froms[0][1], "no base image to pin")
	assert.Regexp(t, `(?m)^#\s+CGO_ENABLED=0 GOOS=linux go build .*-o deploy/qi \.$`, df, "how to build the static binary")
	assert.Regexp(t, `(?m)^COPY qi /usr/local/bin/qi$`, df)
	m := regexp.MustCompile(`(?m)^USER\s+(\d+)(?::(\d+))?\s*$`).FindStringSubmatch(df)
	require.NotNil(t, m, "a USER by number (scratch has no user names)")
	assert.NotEqual(t, "0", m[1], "not root")
	assert.NotEqual(t, "0", m[2], "not root's group")
	var rules []string
	for _, l := range strings.Split(readDeploy(t, ".dockerignore"), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			rules = append(rules, l)
		}
	}
	assert.Equal(t, []string{"*", "!qi"}, rules, "the context is the binary alone")
}

// pinned matches an image named by its digest.
var pinned = regexp.MustCompile(`^[^:@\s]+(:\d+)?(/[^:@\s]+)*@sha256:[0-9a-f]{64}$`)

// kubeJob is the part of a Kubernetes Job that qi's run depends on.
type kubeJob struct {
	Kind string
	Spec struct {
		Completions    int
		Parallelism    int
		CompletionMode string `yaml:"completionMode"`
		Template       struct {
			Spec struct {
				SecurityContext struct {
					RunAsNonRoot *bool `yaml:"runAsNonRoot"`
					RunAsUser    *int  `yaml:"runAsUser"`
					FSGroup      *int  `yaml:"fsGroup"`
				} `yaml:"securityContext"`
				Containers []struct {
					Image           string
					Command, Args   []string
					Env             []struct{ Name, Value string }
					SecurityContext struct {
						ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
						AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
					} `yaml:"securityContext"`
				}
			}
		}
	}
}

// checkKubeSecurity: the pod runs qi as a user with no rights, by the
// image's digest, on a read-only root filesystem (the files had none of it).
func checkKubeSecurity(t *testing.T, name string, job kubeJob) {
	pod := job.Spec.Template.Spec
	sc := pod.SecurityContext
	require.NotNil(t, sc.RunAsNonRoot, name)
	assert.True(t, *sc.RunAsNonRoot, name)
	require.NotNil(t, sc.RunAsUser, name)
	assert.NotZero(t, *sc.RunAsUser, name)
	require.NotNil(t, sc.FSGroup, "%s: the volume is writable by the user", name)
	for _, c := range pod.Containers {
		assert.Regexp(t, pinned, c.Image, "%s: the image by its digest", name)
		require.NotNil(t, c.SecurityContext.ReadOnlyRootFilesystem, name)
		assert.True(t, *c.SecurityContext.ReadOnlyRootFilesystem, name)
		require.NotNil(t, c.SecurityContext.AllowPrivilegeEscalation, name)
		assert.False(t, *c.SecurityContext.AllowPrivilegeEscalation, name)
	}
}

func kubeLaunch(t *testing.T, name string, entry []string, index int) (kubeJob, launch) {
	var job kubeJob
	require.NoError(t, yaml.Unmarshal([]byte(readDeploy(t, name)), &job))
	require.Equal(t, "Job", job.Kind)
	cs := job.Spec.Template.Spec.Containers
	require.Len(t, cs, 1)
	words := cs[0].Command
	if words == nil {
		words = entry
	}
	l := launch{words: append(append([]string(nil), words...), cs[0].Args...)}
	for _, e := range cs[0].Env {
		l.env = append(l.env, e.Name+"="+e.Value)
	}
	if job.Spec.CompletionMode == "Indexed" {
		l.env = append(l.env, fmt.Sprint("JOB_COMPLETION_INDEX=", index))
	}
	return job, l
}

func TestKubernetes(t *testing.T) {
	job, shards := kubeLaunch(t, "kubernetes/shards.yaml", entrypoint(t), 3)
	assert.Equal(t, "Indexed", job.Spec.CompletionMode)
	checkKubeSecurity(t, "shards.yaml", job)
	run := dryRun(t, shards, fmt.Sprintf("shard 3/%d (from JOB_COMPLETION_INDEX)", job.Spec.Completions))
	mergeJob, merge := kubeLaunch(t, "kubernetes/merge-job.yaml", entrypoint(t), 0)
	checkKubeSecurity(t, "merge-job.yaml", mergeJob)
	checkMerge(t, merge, run)
}

// shellCommand finds the line of a shell script that runs "$QI", joins its
// continuation lines, splits it as the shell would and expands the
// script's own variables and vars.
func shellCommand(t *testing.T, script string, vars map[string]string) launch {
	t.Helper()
	own := map[string]string{}
	for k, v := range vars {
		own[k] = v
	}
	lines := strings.Split(strings.ReplaceAll(script, "\\\n", " "), "\n")
	for _, line := range lines {
		if m := regexp.MustCompile(`^([A-Z_]+)=(\S+)$`).FindStringSubmatch(line); m != nil {
			own[m[1]] = m[2]
		}
		if !strings.Contains(line, `"$QI"`) {
			continue
		}
		words, err := shlex.Split(line)
		require.NoError(t, err)
		if words[0] == "srun" {
			words = words[1:]
		}
		for i, w := range words {
			words[i] = os.Expand(w, func(k string) string {
				v, ok := own[k]
				require.True(t, ok, "$%s is set", k)
				return v
			})
		}
		return launch{words: words}
	}
	t.Fatalf("no line runs \"$QI\"")
	return launch{}
}

// bashSyntax checks a script's syntax with bash, when there is one.
func bashSyntax(t *testing.T, name string) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		return
	}
	out, err := exec.Command(bash, "-n", filepath.Join(deployDir(t), name)).CombinedOutput()
	assert.NoError(t, err, "%s: %s", name, out)
}

func TestSlurm(t *testing.T) {
	script := readDeploy(t, "slurm/shards.sbatch")
	m := regexp.MustCompile(`(?m)^#SBATCH --array=(\d+)-(\d+)$`).FindStringSubmatch(script)
	require.NotNil(t, m, "the script is an array job")
	lo, _ := strconv.Atoi(m[1])
	hi, _ := strconv.Atoi(m[2])
	vars := map[string]string{"SLURM_ARRAY_TASK_ID": fmt.Sprint(lo + 3), "SLURM_ARRAY_TASK_MIN": fmt.Sprint(lo),
		"SLURM_ARRAY_TASK_COUNT": fmt.Sprint(hi - lo + 1)}
	shards := shellCommand(t, script, nil)
	for k, v := range vars {
		shards.env = append(shards.env, k+"="+v)
	}
	run := dryRun(t, shards, fmt.Sprintf("shard 3/%d (from SLURM_ARRAY_TASK_ID)", hi-lo+1))
	checkMerge(t, shellCommand(t, readDeploy(t, "slurm/merge.sbatch"), nil), run)
	submit := readDeploy(t, "slurm/submit.sh")
	assert.Regexp(t, `sbatch --parsable shards\.sbatch`, submit)
	assert.Regexp(t, `sbatch --dependency=afterok:\S+ merge\.sbatch`, submit)
	for _, f := range []string{"slurm/submit.sh", "slurm/shards.sbatch", "slurm/merge.sbatch", "slurm/check.sh"} {
		bashSyntax(t, f)
	}
}

// submitFile reads an HTCondor submit description: its commands and its
// queue count.
func submitFile(t *testing.T, name string) (map[string]string, int) {
	cmds := map[string]string{}
	queue := -1
	for _, line := range strings.Split(readDeploy(t, name), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "queue"); ok {
			queue = 1
			if n := strings.TrimSpace(rest); n != "" {
				var err error
				queue, err = strconv.Atoi(n)
				require.NoError(t, err, line)
			}
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		require.True(t, ok, "%s: %q is no command", name, line)
		cmds[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	require.Positive(t, queue, "%s queues jobs", name)
	return cmds, queue
}

// condorLaunch is a submit file's job $(Process) = process.
func condorLaunch(t *testing.T, cmds map[string]string, process int) launch {
	args := cmds["arguments"]
	require.True(t, strings.HasPrefix(args, `"`) && strings.HasSuffix(args, `"`), "arguments in the new syntax: %s", args)
	args = strings.ReplaceAll(strings.Trim(args, `"`), "$(Process)", fmt.Sprint(process))
	words, err := shlex.Split(args)
	require.NoError(t, err)
	return launch{words: append([]string{cmds["executable"]}, words...)}
}

func TestHTCondor(t *testing.T) {
	shards, n := submitFile(t, "htcondor/shards.sub")
	run := dryRun(t, condorLaunch(t, shards, 3), "shard 3/")
	assert.Contains(t, shards["arguments"], fmt.Sprintf("-shard $(Process)/%d", n), "the count is the queue's")
	merge, one := submitFile(t, "htcondor/merge.sub")
	assert.Equal(t, 1, one)
	checkMerge(t, condorLaunch(t, merge, 0), run)

	jobs := map[string]string{}
	parent := ""
	for _, line := range strings.Split(readDeploy(t, "htcondor/qi.dag"), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "JOB":
			jobs[f[1]] = f[2]
			assert.FileExists(t, filepath.Join(deployDir(t), "htcondor", f[2]))
		case len(f) == 4 && f[0] == "PARENT" && f[2] == "CHILD":
			parent = f[1] + ">" + f[3]
		}
	}
	assert.Equal(t, map[string]string{"shards": "shards.sub", "merge": "merge.sub"}, jobs)
	assert.Equal(t, "shards>merge", parent, "the merge waits for the shards")
}

// batchJob is the part of an AWS Batch job definition qi's run depends on.
type batchJob struct {
	JobDefinitionName   string
	ContainerProperties struct {
		Image                  string
		User                   string
		ReadonlyRootFilesystem bool
		Command                []string
		Environment            []struct{ Name, Value string }
	}
}

func awsLaunch(t *testing.T, name string, index int) (batchJob, launch) {
	var def batchJob
	require.NoError(t, json.Unmarshal([]byte(readDeploy(t, name)), &def))
	cp := def.ContainerProperties
	assert.Regexp(t, pinned, cp.Image, "%s: the image by its digest", name)
	assert.True(t, cp.ReadonlyRootFilesystem, "%s: a read-only root filesystem", name)
	uid, err := strconv.Atoi(cp.User)
	require.NoError(t, err, "%s: a user by number", name)
	assert.NotZero(t, uid, "%s: not root", name)
	l := launch{words: append(entrypoint(t), cp.Command...)}
	for _, e := range def.ContainerProperties.Environment {
		l.env = append(l.env, e.Name+"="+e.Value)
	}
	l.env = append(l.env, fmt.Sprint("AWS_BATCH_JOB_ARRAY_INDEX=", index))
	return def, l
}

func TestAWSBatch(t *testing.T) {
	def, shards := awsLaunch(t, "aws-batch/job-definition.json", 3)
	submit := readDeploy(t, "aws-batch/submit.sh")
	m := regexp.MustCompile(`--job-definition ` + def.JobDefinitionName + `\s+(?:\\\n\s*)?--array-properties size=(\d+)`).FindStringSubmatch(submit)
	require.NotNil(t, m, "submit.sh submits %s as an array job", def.JobDefinitionName)
	run := dryRun(t, shards, fmt.Sprintf("shard 3/%s (from AWS_BATCH_JOB_ARRAY_INDEX)", m[1]))
	merge, l := awsLaunch(t, "aws-batch/merge-job-definition.json", 0)
	checkMerge(t, l, run)
	assert.Regexp(t, `--job-definition `+merge.JobDefinitionName+`\s+(?:\\\n\s*)?--depends-on jobId=`, submit, "the merge waits for the array")
	bashSyntax(t, "aws-batch/submit.sh")
}

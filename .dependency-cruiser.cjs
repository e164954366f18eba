// The Layers table of DESIGN.md ("who may import whom"), checked by `npm run lint:deps`.
// Every rule is an error: a wrong-way import fails the build.

// Tests and their helpers: `*.test.ts(x)` beside the code, `test-support.ts`, the edge
// route-test helpers edge/{api,pages}/*/test-*.ts (a test visitor, a test catalogue, the mail log) and
// schema/testing.ts (migrations and the demo seed in Miniflare). They drive the app from
// outside, so the layer rules inside edge do not bind them; the rules under "Tests" below
// say what they may still never do.
const TEST_FILE = '(\\.test\\.tsx?$|(^|/)test-support\\.ts$|^edge/(api|pages)/[a-z-]+/test-[a-z-]+\\.ts$|^schema/testing\\.ts$)';
const TEST_SUPPORT = '((^|/)test-support\\.ts$|^edge/(api|pages)/[a-z-]+/test-[a-z-]+\\.ts$|^schema/testing\\.ts$)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'DESIGN.md: no cycles, inside a folder or between folders (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-self-only',
      severity: 'error',
      comment: 'engine imports its own files and npm libraries only.',
      from: { path: '^engine/', pathNot: TEST_FILE },
      to: { path: '^(domain|schema|edge|client|blocks|fixtures|scripts|bench|tests)/' },
    },
    {
      name: 'domain-npm-only',
      severity: 'error',
      comment: 'domain imports npm libraries only: pure rules both sides share.',
      from: { path: '^domain/', pathNot: TEST_FILE },
      to: { path: '^(engine|schema|edge|client|blocks|scripts|bench|tests)/' },
    },
    {
      name: 'schema-domain-only',
      severity: 'error',
      comment: 'schema imports domain (and npm) only.',
      from: { path: '^schema/', pathNot: TEST_FILE },
      to: { path: '^(engine|edge|client|blocks|scripts|bench|tests)/' },
    },
    {
      name: 'blocks-layers',
      severity: 'error',
      comment: 'blocks import domain and the engine public API (exceptions below for panels and loaders).',
      from: { path: '^blocks/', pathNot: TEST_FILE },
      to: { path: '^(schema|scripts|bench|tests)/|^engine/(?!index\\.ts$)' },
    },
    {
      name: 'blocks-client-only-in-panels',
      severity: 'error',
      comment: "only a block's panel.tsx may import the editor's components (client/editor).",
      from: { path: '^blocks/', pathNot: `${TEST_FILE}|/panel\\.tsx$` },
      to: { path: '^client/' },
    },
    {
      name: 'blocks-panels-editor-only',
      severity: 'error',
      from: { path: '^blocks/.+/panel\\.tsx$' },
      to: { path: '^client/(?!editor/)' },
    },
    {
      name: 'blocks-edge-only-in-loaders',
      severity: 'error',
      comment: "only a block's server loader (loader.ts) may import edge, and only edge/services.",
      from: { path: '^blocks/', pathNot: `${TEST_FILE}|/loader\\.ts$` },
      to: { path: '^edge/' },
    },
    {
      name: 'blocks-loaders-services-only',
      severity: 'error',
      from: { path: '^blocks/.+/loader\\.ts$' },
      to: { path: '^edge/(?!services/)' },
    },
    {
      name: 'edge-engine-public-api',
      severity: 'error',
      comment: 'edge uses the engine through engine/index.ts only.',
      from: { path: '^edge/', pathNot: TEST_FILE },
      to: { path: '^engine/', pathNot: '^engine/index\\.ts$' },
    },
    {
      name: 'edge-not-client',
      severity: 'error',
      comment: 'edge imports engine, domain, schema and blocks; never the browser code.',
      from: { path: '^edge/', pathNot: TEST_FILE },
      to: { path: '^(client|scripts|bench|tests)/' },
    },
    {
      name: 'services-stay-below-routes',
      severity: 'error',
      comment: 'services never import pages/, api/ or middleware/.',
      from: { path: '^edge/services/', pathNot: TEST_FILE },
      to: { path: '^edge/(pages|api|middleware)/' },
    },
    {
      name: 'lib-at-the-bottom',
      severity: 'error',
      comment: 'edge/lib holds plain helpers below services: it imports none of the layers above.',
      from: { path: '^edge/lib/', pathNot: TEST_FILE },
      to: { path: '^edge/(services|pages|api|middleware)/' },
    },
    {
      name: 'middleware-to-services-and-lib',
      severity: 'error',
      comment: 'middleware uses services and lib, never a route family.',
      from: { path: '^edge/middleware/', pathNot: TEST_FILE },
      to: { path: '^edge/(pages|api)/' },
    },
    {
      name: 'pages-not-api',
      severity: 'error',
      comment: 'pages and api share code through services or lib, never directly.',
      from: { path: '^edge/pages/', pathNot: TEST_FILE },
      to: { path: '^edge/api/' },
    },
    {
      name: 'api-not-pages',
      severity: 'error',
      comment: 'pages and api share code through services or lib, never directly.',
      from: { path: '^edge/api/', pathNot: TEST_FILE },
      to: { path: '^edge/pages/' },
    },
    {
      name: 'client-layers',
      severity: 'error',
      comment: 'client imports domain and blocks; never engine or schema.',
      from: { path: '^client/', pathNot: TEST_FILE },
      to: { path: '^(engine|schema|scripts|bench|tests)/' },
    },
    {
      name: 'client-edge-types-only',
      severity: 'error',
      comment: 'client may take API shapes from edge with `import type`, never code.',
      from: { path: '^client/' },
      to: { path: '^edge/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'test-support-only-in-tests',
      severity: 'error',
      comment: 'test fixtures (test-support.ts, schema/testing.ts) are for tests, never shipped code.',
      from: { path: '^(engine|domain|schema|edge|client)/', pathNot: TEST_FILE },
      to: { path: TEST_SUPPORT },
    },
    // Tests: engine tests may read the conformance corpus (tests/conformance) and the
    // bench workloads, never the app; domain, schema and client tests may use the engine
    // only through its public API (to prove they agree with it); edge tests may build the
    // client (scripts/) but never import browser code.
    {
      name: 'engine-tests-stay-in-engine',
      severity: 'error',
      from: { path: TEST_FILE, pathNot: '^(?!engine/)' },
      to: { path: '^(domain|schema|edge|client|blocks)/' },
    },
    {
      name: 'tests-use-engine-public-api',
      severity: 'error',
      from: { path: TEST_FILE, pathNot: '^(?!(domain|schema|edge|client)/)' },
      to: { path: '^engine/', pathNot: '^engine/index\\.ts$' },
    },
    {
      name: 'domain-tests-stay-in-domain',
      severity: 'error',
      from: { path: TEST_FILE, pathNot: '^(?!domain/)' },
      to: { path: '^(schema|edge|client|blocks|scripts|bench|tests)/' },
    },
    {
      name: 'schema-tests-stay-below-edge',
      severity: 'error',
      from: { path: TEST_FILE, pathNot: '^(?!schema/)' },
      to: { path: '^(edge|client|blocks)/' },
    },
    {
      name: 'client-tests-stay-in-client',
      severity: 'error',
      from: { path: TEST_FILE, pathNot: '^(?!client/)' },
      to: { path: '^(schema|scripts|bench)/' },
    },
    {
      name: 'edge-tests-not-client',
      severity: 'error',
      from: { path: TEST_FILE, pathNot: '^(?!edge/)' },
      to: { path: '^client/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** An import path that enters the named top-level folder (relative paths only; the code has no aliases). */
const into = (folder) => `^(\\.\\./)+${folder}(/|$)`;
const beside = (folder) => `(^|/)${folder}(/|$)`;
const layers = {
  app: { regex: into('src'), message: 'The server and the contract never import the web app (src/).' },
  server: { regex: into('server'), message: 'The contract never imports the server; the server imports it.' },
  pages: { regex: beside('pages'), message: 'Components never import a screen (src/pages/), resources only through a lazy import(); move what several features share to src/components/.' },
  modules: { regex: beside('modules'), message: 'server/plugins/, server/access/ and server/lib/ never import modules; modules import them (move the shared part down).' },
  plugins: { regex: beside('plugins'), message: 'server/lib/ holds host-free helpers: no Fastify plugins.' },
};
/** Each files glob gets its whole list: a later config's rule options replace an earlier one's. */
const restrict = (files, ...forbidden) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: forbidden.map((layer) => layers[layer]) }] },
});

/**
 * no-restricted-imports does not see import(); this does, for components (a selector's regex spells / as \\x2F).
 * Resources may: they name their screens through a lazy import(), so declaring them loads no screen.
 */
const noLazyScreens = {
  'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=/${beside('pages').replaceAll('/', '\\x2F')}/]`, message: layers.pages.message }],
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'server/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The layering the architecture states: what each folder may import.
  restrict(['src/components/**', 'src/resources/**'], 'pages'),
  { files: ['src/components/**'], rules: noLazyScreens },
  restrict(['contract/**'], 'app', 'server'),
  restrict(['server/**'], 'app'),
  restrict(['server/plugins/**', 'server/access/**'], 'app', 'modules'),
  restrict(['server/lib/**'], 'app', 'modules', 'plugins'),
);

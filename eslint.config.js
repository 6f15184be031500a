import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries of ARCHITECTURE.md, resolved on real paths:
 * - src/ is isomorphic: no node:* and nothing from server/ or web/ (type-only imports allowed);
 * - web/ takes from server/ only types (`import type { AppRouter }`);
 * - a web feature does not import another feature;
 * - shared web code (web/src/components, web/src/lib) imports no feature and nothing of web/src/app;
 * - server services (the domain's rules) never import the transport: server/trpc, server/routers, server/plugins;
 * - code outside src/ imports it as '#shared/…', never by a relative path.
 */
const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename);
    const area = file.split(path.sep)[0];
    const feature = file.match(/^web\/src\/features\/([^/]+)\//)?.[1];
    const check = (node, source, typeOnly) => {
      if (area === 'src' && source.startsWith('node:'))
        return context.report({ node, message: 'src/ runs in the browser too: no node:* imports.' });
      // '#shared/…' is src/ (package.json "imports"), and the only way to it from outside src/.
      const aliased = source.startsWith('#shared/');
      if (aliased)
        source = `${path.relative(path.dirname(context.filename), path.join(root, 'src'))}/${source.slice(8)}`;
      if (!source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      const targetArea = target.split(path.sep)[0];
      if (area !== 'src' && targetArea === 'src' && !aliased)
        context.report({ node, message: `Import src/ as '#shared/${target.slice(4)}': one way everywhere.` });
      if (area === 'src' && (targetArea === 'server' || targetArea === 'web') && !typeOnly)
        context.report({
          node,
          message: `src/ must not import ${targetArea}/ (type-only imports are fine).`,
        });
      if (area === 'web' && targetArea === 'server' && !typeOnly)
        context.report({ node, message: 'web/ may import server/ only as `import type`.' });
      if (/^web\/src\/(components|lib)\//.test(file) && /^web\/src\/(features|app)\//.test(target))
        context.report({
          node,
          message: 'Shared web code must not import a feature or the app shell; pass what it needs in.',
        });
      if (/^server\/services\//.test(file) && /^server\/(trpc|routers|plugins)\//.test(target) && !typeOnly)
        context.report({ node, message: 'Services must not import the transport (trpc, routers, plugins).' });
      const targetFeature = target.match(/^web\/src\/features\/([^/]+)/)?.[1];
      if (feature && targetFeature && targetFeature !== feature)
        context.report({
          node,
          message: `Feature "${feature}" must not import feature "${targetFeature}"; move shared code to web/src/components or web/src/lib.`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node, String(node.source.value), false),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
    };
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'dist', 'data', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { tacke: { rules: { boundaries } }, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'tacke/boundaries': 'error',
      // Type-only imports vanish at run time and cannot form a loading cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // tRPC's internals are read in one file, whose contract test fails first when an upgrade moves them.
    files: ['**/*.{ts,tsx}'],
    ignores: ['server/trpc/internals.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='_def']",
          message: "tRPC's internals: use server/trpc/internals.ts.",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@trpc/server',
              importNames: ['callTRPCProcedure', 'getErrorShape', 'getTRPCErrorShape'],
              message: "tRPC's internals: use server/trpc/internals.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

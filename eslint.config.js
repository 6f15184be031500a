import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import boundaries of ARCHITECTURE.md, resolved on real paths:
 * - src/ is isomorphic: no node:* and nothing from server/ or web/ (type-only imports allowed);
 * - web/ takes from server/ only types (`import type { AppRouter }`);
 * - a web feature does not import another feature.
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
      if (!source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source));
      const targetArea = target.split(path.sep)[0];
      if (area === 'src' && (targetArea === 'server' || targetArea === 'web') && !typeOnly)
        context.report({
          node,
          message: `src/ must not import ${targetArea}/ (type-only imports are fine).`,
        });
      if (area === 'web' && targetArea === 'server' && !typeOnly)
        context.report({ node, message: 'web/ may import server/ only as `import type`.' });
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
    plugins: { tacke: { rules: { boundaries } } },
    rules: {
      'tacke/boundaries': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

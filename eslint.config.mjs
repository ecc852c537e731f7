import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".data*/**", "node_modules/**", "db/migrations/**", "tests/e2e/screenshots/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
  {
    rules: {
      // test helpers read JSON of arbitrary shape
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;

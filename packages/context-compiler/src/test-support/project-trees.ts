// Project trees laid out the way real projects of each stack are, for the detection and init tests.

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const NEXT_SRC_APP: Record<string, string> = {
  "package.json": json({
    name: "storefront",
    private: true,
    scripts: { dev: "next dev", build: "next build" },
    dependencies: { next: "15.1.0", react: "19.0.0", "react-dom": "19.0.0", zod: "3.24.1" },
    devDependencies: { typescript: "5.7.2" },
  }),
  "next.config.mjs": "/** @type {import('next').NextConfig} */\nexport default {};\n",
  "tsconfig.json": json({ compilerOptions: { strict: true, paths: { "@/*": ["./src/*"] } } }),
  "src/app/layout.tsx":
    "export default function RootLayout({ children }) { return <html><body>{children}</body></html>; }\n",
  "src/app/page.tsx": "export default function Home() { return <main>Home</main>; }\n",
  "src/app/dashboard/page.tsx":
    "export default async function Dashboard() { return <main>Dashboard</main>; }\n",
  "src/app/api/orders/route.ts": "export async function GET() { return Response.json([]); }\n",
  "src/components/CartButton.tsx":
    '"use client";\nexport function CartButton() { return <button>Add</button>; }\n',
  "src/lib/db.ts": 'import "server-only";\nexport const db = {};\n',
};

export const NEXT_APP: Record<string, string> = {
  "package.json": json({
    name: "blog",
    dependencies: { next: "14.2.5", react: "18.3.1", "react-dom": "18.3.1" },
  }),
  "next.config.ts": "export default {};\n",
  "app/layout.tsx":
    "export default function Layout({ children }) { return <html><body>{children}</body></html>; }\n",
  "app/page.tsx": "export default function Page() { return <main>Posts</main>; }\n",
  "app/blog/[slug]/page.tsx": "export default function Post() { return <article />; }\n",
  "components/Header.tsx": "export function Header() { return <header />; }\n",
};

export const LARAVEL: Record<string, string> = {
  "composer.json": json({
    name: "acme/billing",
    require: { php: "^8.2", "laravel/framework": "^11.0", "laravel/sanctum": "^4.0" },
    "require-dev": { "phpunit/phpunit": "^11.0" },
  }),
  artisan: "#!/usr/bin/env php\n<?php\n",
  "package.json": json({
    private: true,
    devDependencies: { vite: "^5.0.0", "laravel-vite-plugin": "^1.0.0" },
  }),
  "vite.config.js":
    "import laravel from 'laravel-vite-plugin';\nexport default { plugins: [laravel(['resources/js/app.js'])] };\n",
  "app/Http/Controllers/InvoiceController.php":
    "<?php\nnamespace App\\Http\\Controllers;\nclass InvoiceController {}\n",
  "app/Http/Requests/StoreInvoiceRequest.php": "<?php\nnamespace App\\Http\\Requests;\n",
  "app/Models/Invoice.php": "<?php\nnamespace App\\Models;\nclass Invoice {}\n",
  "config/app.php": "<?php\nreturn ['name' => env('APP_NAME', 'Billing')];\n",
  "database/migrations/2024_05_01_000000_create_invoices_table.php": "<?php\n",
  "resources/views/welcome.blade.php": "<h1>Billing</h1>\n",
  "routes/web.php": "<?php\n",
  "routes/api.php": "<?php\n",
  "tests/Feature/InvoiceTest.php": "<?php\n",
};

export const PYTHON: Record<string, string> = {
  "pyproject.toml": '[project]\nname = "ledger"\nversion = "0.3.0"\ndependencies = ["httpx>=0.27"]\n',
  "src/ledger/__init__.py": "",
  "src/ledger/pricing.py":
    "def total_cents(lines: list[tuple[int, int]]) -> int:\n    return sum(q * p for q, p in lines)\n",
  "tests/conftest.py": "import pytest\n",
  "tests/test_pricing.py": "from ledger.pricing import total_cents\n",
  "README.md": "# ledger\n",
};

export const GO: Record<string, string> = {
  "go.mod": "module example.com/billing\n\ngo 1.22\n",
  "go.sum": "",
  "cmd/billing/main.go": "package main\n\nfunc main() {}\n",
  "internal/billing/invoice.go": "package billing\n",
  "internal/billing/invoice_test.go": "package billing\n",
  "internal/http/handler.go": "package http\n",
};

export const VITE: Record<string, string> = {
  "package.json": json({
    name: "widget",
    dependencies: { react: "18.3.1", "react-dom": "18.3.1" },
    devDependencies: { vite: "5.4.0", "@vitejs/plugin-react": "4.3.1" },
  }),
  "vite.config.ts": "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
  "index.html": '<div id="root"></div><script type="module" src="/src/main.tsx"></script>\n',
  "src/main.tsx": "import { App } from './App';\n",
  "src/App.tsx": "export function App() { return <div />; }\n",
};

/** Writes a tree through `write` (a TestProject's), so files land in its temporary folder. */
export function writeTree(
  write: (rel: string, content: string) => unknown,
  tree: Record<string, string>,
): void {
  for (const [rel, content] of Object.entries(tree)) write(rel, content);
}

// The panel's stylesheet, served from its own origin so the page policy can refuse inline styles.
export const WEBUI_CSS = `
body{margin:0;font:14px system-ui,sans-serif;color:#111827}
header{display:flex;gap:16px;align-items:center;padding:8px 16px;border-bottom:1px solid #e5e7eb;flex-wrap:wrap}
nav a{margin-right:10px}nav a[aria-current=page]{font-weight:bold}
#knowledge-version{font-family:monospace;background:#eef2ff;padding:2px 6px;border-radius:4px}
main{padding:8px 16px;max-width:1100px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:3px 6px;text-align:left;vertical-align:top}
.proposal,.conflict{border:1px solid #e5e7eb;border-radius:6px;padding:6px 12px;margin:10px 0}
.meta{color:#6b7280}.warning{color:#b45309}.empty{color:#6b7280}
.diff{background:#f9fafb;padding:6px;overflow:auto}.op-add{color:#15803d}.op-del{color:#b91c1c}.op-hunk{color:#6b7280}
.actions{display:flex;gap:8px;flex-wrap:wrap}.actions form{display:flex;gap:4px}
.flash{padding:6px 12px;border-radius:6px;margin:8px 0}.flash.ok{background:#dcfce7}.flash.error{background:#fee2e2}
.hint{color:#374151;font-style:italic}pre.content{white-space:pre-wrap;background:#f9fafb;padding:8px}
`;

// The graph page's own browser code: draws the model with d3-force, filters it, answers searches offline.

/**
 * Plain browser JavaScript, inlined after the d3 bundles. It reads the model from the page's JSON block,
 * so the script is the same bytes for every knowledge base. d3-force seeds its own random source, so the
 * layout is the same on every load too.
 */
export const PAGE_SCRIPT = String.raw`
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("graph-data").textContent);
  var svg = d3.select("#graph");
  var box = document.getElementById("graph").getBoundingClientRect();
  svg.attr("viewBox", [-box.width / 2, -box.height / 2, box.width, box.height].join(" "));
  var nodes = data.nodes.map(function (n) { return Object.assign({}, n); });
  var links = data.links.map(function (l) { return Object.assign({}, l); });
  var byId = new Map(nodes.map(function (n) { return [n.id, n]; }));
  var filterKey = function (n) { return n.kind === "document" ? "doc-" + n.group : n.kind; };
  var radius = function (n) { return n.kind === "document" ? 7 : n.ghost ? 4 : 5; };

  var simulation = d3.forceSimulation(nodes)
    .force("link", d3.forceLink(links).id(function (n) { return n.id; }).distance(45))
    .force("charge", d3.forceManyBody().strength(-90))
    .force("x", d3.forceX().strength(0.04))
    .force("y", d3.forceY().strength(0.04))
    .force("collide", d3.forceCollide(9));

  var root = svg.append("g");
  svg.call(d3.zoom().scaleExtent([0.05, 8]).on("zoom", function (event) {
    root.attr("transform", event.transform);
  }));
  var link = root.append("g").attr("class", "links").selectAll("line").data(links).join("line")
    .attr("class", function (l) { return "link " + l.type; });
  var node = root.append("g").attr("class", "nodes").selectAll("g").data(nodes).join("g")
    .attr("class", function (n) { return "node " + filterKey(n) + (n.ghost ? " ghost" : ""); })
    .attr("data-id", function (n) { return n.id; });
  node.append("circle").attr("r", radius);
  node.append("text").attr("x", 9).attr("y", 3).text(function (n) { return n.label; });
  node.append("title").text(function (n) { return n.title === n.label ? n.label : n.label + ": " + n.title; });
  node.on("click", function (event, n) { search(n.kind === "document" ? n.label : n.id); });

  node.call(d3.drag()
    .on("start", function (event, n) { if (!event.active) simulation.alphaTarget(0.3).restart(); n.fx = n.x; n.fy = n.y; })
    .on("drag", function (event, n) { n.fx = event.x; n.fy = event.y; })
    .on("end", function (event, n) { if (!event.active) simulation.alphaTarget(0); n.fx = null; n.fy = null; }));

  simulation.on("tick", function () {
    link.attr("x1", function (l) { return l.source.x; }).attr("y1", function (l) { return l.source.y; })
      .attr("x2", function (l) { return l.target.x; }).attr("y2", function (l) { return l.target.y; });
    node.attr("transform", function (n) { return "translate(" + n.x + "," + n.y + ")"; });
  });
  simulation.on("end", function () { document.body.dataset.settled = "true"; });
  document.body.dataset.drawn = String(nodes.length);

  // Filters: a node is shown when its kind is ticked; a link when its type and both ends are.
  var hiddenKinds = new Set();
  var hiddenLinks = new Set();
  function applyFilters() {
    node.classed("hidden", function (n) { return hiddenKinds.has(filterKey(n)); });
    link.classed("hidden", function (l) {
      return hiddenLinks.has(l.type) || hiddenKinds.has(filterKey(l.source)) || hiddenKinds.has(filterKey(l.target));
    });
  }
  document.querySelectorAll("input[data-kind]").forEach(function (box) {
    box.addEventListener("change", function () {
      if (box.checked) hiddenKinds.delete(box.dataset.kind); else hiddenKinds.add(box.dataset.kind);
      applyFilters();
    });
  });
  document.querySelectorAll("input[data-link]").forEach(function (box) {
    box.addEventListener("change", function () {
      if (box.checked) hiddenLinks.delete(box.dataset.link); else hiddenLinks.add(box.dataset.link);
      applyFilters();
    });
  });

  // Search: a doc_id shows the document and its neighbours; a project path shows what a compile delivers.
  var result = document.getElementById("result");
  function show(hitNodes, hitLinks, lines) {
    var any = hitNodes.size > 0;
    node.classed("hit", function (n) { return hitNodes.has(n.id); })
      .classed("dim", function (n) { return any && !hitNodes.has(n.id); });
    link.classed("hit", function (l) { return hitLinks.has(l); })
      .classed("dim", function (l) { return any && !hitLinks.has(l); });
    result.replaceChildren();
    lines.forEach(function (line, i) {
      var el = document.createElement(i === 0 ? "p" : "li");
      el.textContent = line;
      result.appendChild(el);
    });
  }
  function search(raw) {
    var q = raw.trim().replace(/^\.\//, "");
    document.getElementById("search").value = q;
    if (q === "") return show(new Set(), new Set(), []);
    var hitNodes = new Set();
    var hitLinks = new Set();
    var doc = byId.get("doc:" + q) || byId.get(q);
    if (doc) {
      hitNodes.add(doc.id);
      links.forEach(function (l) {
        if (l.source === doc || l.target === doc) { hitLinks.add(l); hitNodes.add(l.source.id); hitNodes.add(l.target.id); }
      });
      return show(hitNodes, hitLinks, [doc.label + " (" + doc.group + "): " + doc.title + ", " + hitLinks.size + " link(s)"]);
    }
    var at = data.files.files[q];
    if (at !== undefined) {
      var hit = data.files.hits[at];
      var edges = new Set(hit.edge_ids);
      hit.doc_ids.forEach(function (id) { hitNodes.add("doc:" + id); });
      links.forEach(function (l) {
        if (l.edge_id !== null && edges.has(l.edge_id)) { hitLinks.add(l); hitNodes.add(l.source.id); hitNodes.add(l.target.id); }
      });
      return show(hitNodes, hitLinks, [q + " gets " + hit.doc_ids.length + " document(s), in compile order:"].concat(hit.doc_ids));
    }
    nodes.forEach(function (n) { if (n.label.indexOf(q) !== -1) hitNodes.add(n.id); });
    if (hitNodes.size > 0) return show(hitNodes, hitLinks, [hitNodes.size + " node(s) named like " + q]);
    show(hitNodes, hitLinks, ["No rule reaches " + q + ", or it is not one of the " + data.files.total + " project files this page was written with."]);
  }
  document.getElementById("search-form").addEventListener("submit", function (event) {
    event.preventDefault();
    search(document.getElementById("search").value);
  });
})();
`;

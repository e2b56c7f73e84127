/**
 * Candidate lists for the TSP local searches.
 */

/**
 * Candidates by alpha-nearness (Helsgaun): alpha(i,j) = d(i,j) − the longest edge on the path
 * from i to j in a minimum spanning tree, i.e. how much longer the cheapest spanning tree that
 * contains edge (i,j) is. Unlike the k nearest, this keeps the few edges that join clusters,
 * without which no move can repair how a tour passes between clusters. O(n²) time, O(n) memory.
 * Each list is then sorted by distance, which the gain criteria's early exits rely on.
 */
export function alphaNearest(n: number, k: number, D: Float64Array, symmetric: boolean): Int32Array {
  const nb = new Int32Array(n * k);
  // Edge cost: d(i,j), or min(d(i,j), d(j,i)) for an asymmetric matrix (an arc may be used either way).
  const c = (i: number, j: number): number => (symmetric ? D[i * n + j]! : Math.min(D[i * n + j]!, D[j * n + i]!));
  // Prim on the dense matrix; `order` is the order nodes joined the tree (parents first).
  const dad = new Int32Array(n);
  const key = new Float64Array(n).fill(Infinity);
  const inTree = new Uint8Array(n);
  const order = new Int32Array(n);
  key[0] = 0;
  dad[0] = -1;
  for (let t = 0; t < n; t++) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!inTree[v] && (u < 0 || key[v]! < key[u]!)) u = v;
    inTree[u] = 1;
    order[t] = u;
    for (let v = 0; v < n; v++) {
      if (!inTree[v] && c(u, v) < key[v]!) {
        key[v] = c(u, v);
        dad[v] = u;
      }
    }
  }
  // Tree edge lengths by child, and Prim order as parallel arrays: the O(n²) loop below then
  // reads no matrix column (random rows cost a cache miss each, seconds at 5,000 nodes).
  const dadD = new Float64Array(n);
  const ordDad = new Int32Array(n);
  const ordD = new Float64Array(n);
  for (let t = 1; t < n; t++) {
    const j = order[t]!;
    dadD[j] = c(j, dad[j]!);
    ordDad[t] = dad[j]!;
    ordD[t] = dadD[j]!;
  }
  const beta = new Float64Array(n);
  const mark = new Int32Array(n);
  const top = new Int32Array(k);
  const topAlpha = new Float64Array(k);
  for (let i = 0; i < n; i++) {
    const stamp = i + 1;
    // beta[j]: longest tree edge on the path i … j; first along i's path to the root, then in
    // Prim order (a parent before its children) for everything else.
    beta[i] = -Infinity;
    mark[i] = stamp;
    for (let u = i; dad[u]! >= 0; u = dad[u]!) {
      const p = dad[u]!;
      beta[p] = Math.max(beta[u]!, dadD[u]!);
      mark[p] = stamp;
    }
    for (let t = 1; t < n; t++) {
      const j = order[t]!;
      if (mark[j] !== stamp) beta[j] = Math.max(beta[ordDad[t]!]!, ordD[t]!);
    }
    let len = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const aj = c(i, j) - beta[j]!;
      if (len === k && (aj > topAlpha[k - 1]! || (aj === topAlpha[k - 1]! && c(i, j) >= c(i, top[k - 1]!)))) continue;
      let p = len === k ? k - 1 : len++;
      while (p > 0 && (topAlpha[p - 1]! > aj || (topAlpha[p - 1]! === aj && c(i, top[p - 1]!) > c(i, j)))) {
        top[p] = top[p - 1]!;
        topAlpha[p] = topAlpha[p - 1]!;
        p--;
      }
      top[p] = j;
      topAlpha[p] = aj;
    }
    // Sort the k candidates by distance (insertion sort, ties by alpha order).
    for (let q = 1; q < k; q++) {
      const cc = top[q]!;
      let p = q;
      while (p > 0 && c(i, top[p - 1]!) > c(i, cc)) {
        top[p] = top[p - 1]!;
        p--;
      }
      top[p] = cc;
    }
    for (let q = 0; q < k; q++) nb[i * k + q] = top[q]!;
  }
  return nb;
}

/**
 * A chunk group's test: the modules of the named packages, found by their directories' names (a
 * directory of a scoped package, such as `@floating-ui/react`, is not the package `react`).
 */
export function packages(...names: string[]): RegExp {
  const escaped = names.map((name) => name.replaceAll('.', '\\.').replaceAll('/', '[\\\\/]'));
  return new RegExp(`(?<!@[\\w.-]+)[\\\\/](${escaped.join('|')})[\\\\/]`);
}

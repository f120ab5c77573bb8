import { SaxesParser } from 'saxes';

// An uploaded SVG is refused unless it is plainly a picture: well-formed XML with an <svg> root, only drawing
// elements of the SVG namespace (plus the inert metadata editors such as Inkscape write), no DOCTYPE (entities),
// no processing instructions, no scripts, event handlers, foreignObject, animation (which can rewrite links),
// links to anything but a fragment of the same file, or CSS that loads something. Refusing rather than rewriting:
// a file that passes is stored byte for byte, so what the owner uploaded is what visitors get. Served files carry
// a CSP sandbox as a second line (files/routes.ts).

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Namespaces of the metadata drawing programs write; elements there are never rendered or run. */
const INERT_NS = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://www.bohemiancoding.com/sketch/ns',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/ImageReplacement/1.0/',
  'http://ns.adobe.com/GenericCustomNamespace/1.0/',
  'http://ns.adobe.com/XPath/1.0/',
]);

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'metadata',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'switch',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** CSS that fetches or runs something: any url() but a fragment, @import, expressions, behaviours. */
function unsafeCss(css: string): boolean {
  const text = css.replace(/\\/g, '').toLowerCase();
  if (/@import|expression\s*\(|behavior\s*:|-moz-binding|javascript:/.test(text)) return true;
  for (const m of text.matchAll(/url\s*\(\s*(['"]?)\s*([^'")]*)/g)) if (!m[2].startsWith('#')) return true;
  return false;
}

/** Why an SVG is refused, or null when it is plainly a picture. */
export function svgProblem(body: Buffer): string | null {
  let problem: string | null = null;
  const refuse = (why: string) => {
    problem ??= why;
  };
  let depth = 0;
  let inStyle = false;
  let sawRoot = false;
  const parser = new SaxesParser({ xmlns: true, position: false });
  parser.on('doctype', () => refuse('a DOCTYPE (entity declarations) is not allowed'));
  parser.on('processinginstruction', (pi) => refuse(`the processing instruction <?${pi.target}?> is not allowed`));
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) {
      sawRoot = true;
      if (tag.local !== 'svg' || tag.uri !== SVG_NS) refuse('the root element must be <svg>');
    }
    if (tag.uri === SVG_NS) {
      if (!ELEMENTS.has(tag.local)) refuse(`the element <${tag.local}> is not allowed`);
    } else if (!INERT_NS.has(tag.uri ?? '')) refuse(`the element <${tag.name}> is not allowed`);
    inStyle = tag.uri === SVG_NS && tag.local === 'style';
    for (const attr of Object.values(tag.attributes)) {
      const name = attr.local.toLowerCase();
      const value = attr.value.trim();
      if (name.startsWith('on')) refuse(`the event handler ${attr.name} is not allowed`);
      else if (name === 'href' && !value.startsWith('#')) refuse(`${attr.name} may only point inside the file`);
      else if (/^\s*(javascript|vbscript|data):/i.test(value) || /javascript:/i.test(value))
        refuse(`the value of ${attr.name} is not allowed`);
      else if (name === 'style' && unsafeCss(value)) refuse('styles may not load anything');
      else if (value.toLowerCase().includes('url(') && unsafeCss(value)) refuse(`${attr.name} may not load anything`);
    }
  });
  parser.on('closetag', () => {
    depth--;
    inStyle = false;
  });
  const onText = (text: string) => {
    if (inStyle && unsafeCss(text)) refuse('styles may not load anything');
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(body.toString('utf8')).close();
  } catch {
    return 'it is not well-formed XML';
  }
  if (!sawRoot) return 'it has no <svg> element';
  return problem;
}

/** Whether the bytes look like SVG at all (markup that mentions <svg early); then svgProblem decides. */
export function looksLikeSvg(body: Buffer): boolean {
  const head = body
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*</.test(head) && /<svg[\s>/]/i.test(head);
}

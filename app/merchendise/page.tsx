// /merchendise (spelt so, SPEC.md part 2): the same screen as /merchandise.
export { default, metadata } from '../merchandise/page';

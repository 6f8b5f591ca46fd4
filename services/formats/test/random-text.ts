// A small seeded generator of decks and scripts for the round-trip properties. Seeded so that a
// failure names the case that reproduces it.
import { seededRandom, type Script, type ScriptBlock, type Slide, type SlideDeck } from '../src/index.js';

// Fragments chosen to collide with the syntax of both formats and with the escape itself.
const FRAGMENTS = [
  'word', 'Safety first', 'a', '42', 'e.g.', 'Done.', 'Really?', 'Yes!', '3.14', '2024.', '1. ', '12. item',
  '- ', '-', '* ', '*', '**', '# ', '#', '## ', '##', '### ', '**Content:**', '**Notes:**', '** speaker notes : **',
  '**Notes**:', '[SCENE: x]', '[TRANSITION: Fade]', '[scene]', ']', '[', 'NARRATOR: ', 'SPEAKER:', 'narrator :',
  '\\', '\\\\', '\\n', ' ', '  ', '\t', '\u00a0', '\u2028', '\ufeff', '\n', '\n', '\n\n', '\n  ', '\n- ', '\n## ',
  '\n**Notes:**', '\n[SCENE: y]', '\nNARRATOR: hi', '\n\\', '😀', '👨‍👩‍👧', '🇫🇷', 'שלום עולם', 'مرحبا بالعالم',
  '<script>alert(1)</script>', 'é', 'e\u0301', '中文字', 'こんにちは', '한국어', '"quoted"', '`code`', '&amp;',
];

export class Generator {
  private readonly next: () => number;

  constructor(seed: number, private readonly trim = true) {
    this.next = seededRandom(seed);
  }

  int(max: number): number {
    return Math.floor(this.next() * (max + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length - 1)]!;
  }

  /** A string of up to `parts` fragments; trimmed unless the generator keeps surrounding whitespace. */
  string(parts = 6): string {
    let s = '';
    for (let i = this.int(parts); i > 0; i--) s += this.pick(FRAGMENTS);
    return this.trim ? s.trim() : s;
  }

  strings(max: number, parts?: number): string[] {
    return Array.from({ length: this.int(max) }, () => this.string(parts));
  }

  slide(): Slide {
    return { title: this.string(4), points: this.strings(7, 4), paragraphs: this.strings(3), notes: this.string(10) };
  }

  deck(maxSlides = 8): SlideDeck {
    return { title: this.string(3), slides: Array.from({ length: this.int(maxSlides) }, () => this.slide()) };
  }

  block(): ScriptBlock {
    const text = this.string(8);
    switch (this.int(4)) {
      case 0:
        return { kind: 'scene', text: this.string(3) };
      case 1:
        return { kind: 'transition', text: this.string(2) };
      case 2:
        return { kind: 'line', speaker: 'NARRATOR', text };
      case 3:
        return { kind: 'line', speaker: 'SPEAKER', text };
      default:
        return { kind: 'paragraph', text };
    }
  }

  script(maxBlocks = 12): Script {
    return { blocks: Array.from({ length: this.int(maxBlocks) }, () => this.block()) };
  }
}

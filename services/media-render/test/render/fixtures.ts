// Render inputs for the document renderer tests: a realistic multilingual fire-safety deck written
// in the slide text format, decks of any length, and hostile variants (a 2000-character title with
// markup, 200 slides, emoji, right-to-left text, control characters, empty slides, no branding).
import { Resvg } from '@resvg/resvg-js';
import { parseSlideText } from '@trainwright/formats';
import { BUILTIN_TEMPLATES, type Layout } from '@trainwright/templates';
import type { RenderBranding, RenderInput, RenderStyle } from '../../src/domain/types.js';

export const FIRE_SAFETY_SLIDES = `# Fire Safety Training

## Welcome and objectives
**Content:**
- Why fire safety matters in our building
- What you will be able to do after this session
**Speaker Notes:**
Welcome everyone and introduce yourself.
Ask who has used an extinguisher before.

## Sécurité incendie
**Content:**
- Les extincteurs se trouvent près de chaque sortie
- Évacuez par l'escalier, jamais par l'ascenseur
Ce module présente les règles de sécurité du bâtiment à Genève.
**Speaker Notes:**
Présentez le plan d'évacuation affiché à côté de l'accueil.

## Пожарная безопасность
**Content:**
- Огнетушители расположены у каждого выхода
- Эвакуация только по лестнице
**Speaker Notes:**
Напомните сотрудникам о месте сбора.

## 消防安全
**Content:**
- 灭火器位于每个出口附近
- 请走楼梯，不要乘坐电梯
**Speaker Notes:**
提醒员工集合地点在停车场。

## The fire triangle
**Content:**
- Heat
- Fuel
- Oxygen
Remove any one side of the triangle and the fire goes out.
**Speaker Notes:**
Draw the triangle on the whiteboard and ask which side an extinguisher removes.

## Using an extinguisher: PASS
**Content:**
1. Pull the pin
2. Aim at the base of the fire
3. Squeeze the handle
4. Sweep from side to side
**Speaker Notes:**
Demonstrate with the training extinguisher; never aim at the flames themselves.

## Evacuation routes
**Content:**
- Follow the green exit signs
- Close doors behind you
- Help visitors who do not know the building
Stairwells are protected for 60 minutes; lifts are not.

## Assembly point and roll call
**Content:**
- Assemble in car park B
- Report to your fire warden
- Do not go back inside until the all-clear
**Speaker Notes:**
The fire warden counts the team against the day's sign-in sheet.

## Summary
**Content:**
- Prevent: keep exits and extinguishers clear
- React: raise the alarm, then evacuate
- Report: tell your warden you are safe
`;

export const SECTION_TITLES = [
  'Welcome and objectives',
  'Sécurité incendie',
  'Пожарная безопасность',
  '消防安全',
  'The fire triangle',
  'Using an extinguisher: PASS',
  'Evacuation routes',
  'Assembly point and roll call',
  'Summary',
];

/** A small PNG made by a real encoder (resvg), so every renderer gets a genuine image. */
export function logoPng(): Buffer {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" fill="#c0392b"/><circle cx="40" cy="40" r="24" fill="#f1c40f"/><rect x="80" y="28" width="140" height="24" rx="6" fill="#ffffff"/></svg>';
  return new Resvg(svg).render().asPng();
}

export function branding(overrides: Partial<RenderBranding> = {}): RenderBranding {
  return {
    companyName: 'Acme Safety Ltd',
    website: 'www.acme-safety.example',
    logo: { bytes: logoPng(), mime: 'image/png', width: 240, height: 80 },
    ...overrides,
  };
}

export function styleOf(layout?: Layout, templateIndex = 0): RenderStyle {
  const t = BUILTIN_TEMPLATES[templateIndex]!;
  return {
    templateId: t.id,
    templateName: t.name,
    colors: { ...t.colorScheme },
    layout: layout ?? t.layout,
    fonts: { ...t.fonts },
    fontStyle: t.fontStyle,
    imageStyle: t.imageStyle,
  };
}

export function fireSafetyInput(overrides: Partial<RenderInput> = {}): RenderInput {
  const deck = parseSlideText(FIRE_SAFETY_SLIDES);
  return {
    projectId: 'project-fire-safety',
    title: 'Fire Safety Training',
    description:
      'How to prevent fires, use an extinguisher and evacuate the building safely. Sécurité incendie, Пожарная безопасность, 消防安全.',
    language: 'en',
    deck,
    script: '',
    summary: 'Fires start when heat, fuel and oxygen meet. Everyone can prevent them, react fast and evacuate calmly.',
    objectives: [
      'Name the three sides of the fire triangle',
      'Use an extinguisher with the PASS technique',
      'Evacuate to the assembly point and report',
    ],
    questions: [
      {
        prompt: 'Which of these is NOT part of the fire triangle?',
        options: [
          { text: 'Heat', is_correct: false },
          { text: 'Water', is_correct: true },
          { text: 'Oxygen', is_correct: false },
        ],
        explanation: 'The triangle is heat, fuel and oxygen; water removes heat.',
      },
      {
        prompt: 'What does the S in PASS stand for first?',
        options: [
          { text: 'Squeeze', is_correct: true },
          { text: 'Spray', is_correct: false },
          { text: 'Stop', is_correct: false },
        ],
        explanation: 'Pull, Aim, Squeeze, Sweep.',
      },
      {
        prompt: 'Where do you go when the alarm sounds?',
        options: [
          { text: 'The lift', is_correct: false },
          { text: 'Car park B', is_correct: true },
        ],
        explanation: 'The assembly point is car park B.',
      },
    ],
    glossary: [
      { term: 'Assembly point', definition: 'The place where everyone gathers after evacuating.' },
      { term: 'Fire warden', definition: 'The colleague who checks that the team is out and reports to the fire service.' },
      { term: 'PASS', definition: 'Pull, Aim, Squeeze, Sweep: how to use an extinguisher.' },
    ],
    style: styleOf(),
    branding: branding(),
    generatedAt: '2025-03-14T09:30:00.000Z',
    ...overrides,
  };
}

/** A deck of `count` slides in the slide text format, parsed the way projects are. */
export function deckText(count: number, title = 'Warehouse Safety'): string {
  const slides = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return [
      `## Topic ${n}: handling load ${n}`,
      '**Content:**',
      `- Check the weight of load ${n} before lifting`,
      `- Keep the load close to your body and your back straight`,
      `- Ask for help or use the trolley when it is over 25 kg`,
      `Load ${n} is stored on rack ${(n % 12) + 1}; the route there crosses the forklift lane.`,
      '**Speaker Notes:**',
      `Ask a volunteer to show how they would lift load ${n}, then correct the posture together.`,
    ].join('\n');
  });
  return `# ${title}\n\n${slides.join('\n\n')}\n`;
}

export function deckInput(count: number, overrides: Partial<RenderInput> = {}): RenderInput {
  return fireSafetyInput({ title: `Warehouse Safety (${count} slides)`, deck: parseSlideText(deckText(count)), ...overrides });
}

export const SCRIPT_TITLE = '<script>alert("x")</script> & <b>"quoted"</b> \'apos\'';
export const LONG_TITLE = `${SCRIPT_TITLE} ${'Extremely long title that keeps going '.repeat(60)}`.slice(0, 2000);
export const EMOJI = '🔥🧯👩‍🚒';
export const ARABIC = 'السلامة من الحرائق';
export const HEBREW = 'בטיחות אש';
export const HOSTILE_COMPANY = 'Acme & <Sons> "Ltd"';

/** 200 slides with every kind of text that breaks naive renderers. */
export function hostileInput(): RenderInput {
  const base = parseSlideText(deckText(200));
  const slides = base.slides.map((slide, i) => {
    switch (i % 10) {
      case 0:
        return {
          ...slide,
          title: LONG_TITLE,
          points: [...slide.points, 'x'.repeat(600)],
          notes: `${slide.notes}\n${'Very long notes. '.repeat(200)}`,
        };
      case 1:
        return { title: '', points: [], paragraphs: [], notes: '' };
      case 2:
        return { ...slide, title: `${EMOJI} Emoji ${EMOJI}`, points: [`Fire ${EMOJI} extinguisher`, '👍🏽 ✅ ⚠️'] };
      case 3:
        return {
          ...slide,
          title: `${ARABIC} (${HEBREW})`,
          points: [`${ARABIC} 123`, `${HEBREW}: safety first`, `Mixed English then ${HEBREW} then English`],
        };
      case 4:
        return {
          ...slide,
          title: `Controls\u0001\u0007 and \ud800 lone surrogate ]]> <![CDATA[ x ]]>`,
          points: ['Tab\there', 'Null\u0000byte', '&amp; &lt; &#x41;'],
        };
      case 5:
        return {
          ...slide,
          points: Array.from({ length: 30 }, (_, j) => `Point ${j + 1} of a very crowded slide with quite a lot of words in it`),
        };
      default:
        return slide;
    }
  });
  return fireSafetyInput({
    title: LONG_TITLE,
    description: `${'A description that goes on. '.repeat(80)}${EMOJI} ${ARABIC}`,
    deck: { title: LONG_TITLE, slides },
    questions: [
      ...fireSafetyInput().questions,
      {
        prompt: `${SCRIPT_TITLE}?`,
        options: [
          { text: '<b>bold</b>', is_correct: true },
          { text: '', is_correct: false },
        ],
        explanation: '',
      },
      { prompt: 'No options at all', options: [], explanation: 'None given.' },
    ],
    glossary: [...fireSafetyInput().glossary, { term: SCRIPT_TITLE, definition: `${HEBREW} ${EMOJI}` }],
    branding: branding({ companyName: HOSTILE_COMPANY, website: 'https://example.com/?a=1&b=<2>' }),
  });
}

/** No branding, no logo, nothing optional: the barest content that can still render. */
export function bareInput(): RenderInput {
  return fireSafetyInput({
    title: 'Bare deck',
    description: '',
    summary: '',
    objectives: [],
    questions: [],
    glossary: [],
    branding: null,
    language: 'not a language!',
    generatedAt: 'not a date',
    deck: {
      title: '',
      slides: [
        { title: '', points: [], paragraphs: [], notes: '' },
        { title: 'Only a title', points: [], paragraphs: [], notes: '' },
      ],
    },
  });
}

/**
 * The forklift project (services/generator/test/fixtures/sources/forklift-safety.txt) as a deck:
 * one slide per topic of the source, the speed limits as numbers (a chart) and one slide dense
 * with text.
 */
export const FORKLIFT_SLIDES = `# Forklift Safety for Warehouse Staff

## Inspect the forklift before every shift
**Content:**
- Check the forks, chains and mast for cracks or bends
- Test the brakes, the steering and the horn
- Look for hydraulic leaks under the truck
- Tag a damaged forklift out of service and tell your supervisor
**Speaker Notes:**
Never operate a truck that has failed its inspection.

## Speed limits
**Content:**
- Warehouse aisles: 8 km/h
- Loading bays and doorways: 5 km/h
- Outdoor yard: 12 km/h
**Speaker Notes:**
Slow down at corners and sound the horn at blind intersections.

## Handling loads
**Content:**
- Check the weight against the capacity plate before you lift
- Carry loads low with the mast tilted back
- Travel in reverse when a load blocks your view
**Speaker Notes:**
Never raise or lower a load while the truck is moving.

## Pedestrians have the right of way
**Content:**
- Walkways are marked in green
- Make eye contact before you move
- Stop if a person walks into the aisle
**Speaker Notes:**
Never let anyone ride on the forks or stand under a raised load.

## Parking the truck
**Content:**
- Lower the forks flat to the floor
- Set the parking brake and put the controls in neutral
- Switch off the engine and remove the key
- Park only in marked bays, never in front of fire exits
**Speaker Notes:**
Correct parking prevents accidents after your shift.

## Reporting incidents and near misses
**Content:**
- Report every incident and near miss within 24 hours, describing what happened, where it happened and what could prevent it from happening again
- A near miss today is an accident tomorrow: the reports you write are how the safety team learns about hazards before anyone gets hurt
- Include the truck number, the time, the people involved and any witnesses, and attach photographs of the scene if you can take them safely
- Do not move damaged racking, spilled loads or the truck itself until your supervisor has seen the scene, unless leaving them puts someone in danger
- Your supervisor reviews every report within a week and tells you what was changed because of it
**Speaker Notes:**
Your reports help the safety team fix hazards before anyone gets hurt.
`;

export function forkliftInput(overrides: Partial<RenderInput> = {}): RenderInput {
  return fireSafetyInput({
    projectId: 'project-forklift',
    title: 'Forklift Safety for Warehouse Staff',
    description: 'Daily checks, speed limits, safe loads, pedestrians, parking and reporting for forklift drivers.',
    deck: parseSlideText(FORKLIFT_SLIDES),
    summary: 'Inspect the truck, keep to the speed limits, handle loads safely, give way to pedestrians, park correctly and report incidents.',
    objectives: ['Inspect a forklift before a shift', 'Drive within the speed limits', 'Report incidents within 24 hours'],
    questions: [],
    glossary: [],
    // A manufacturing template (rank 7: workplace safety).
    style: styleOf(undefined, BUILTIN_TEMPLATES.findIndex((t) => t.category === 'Manufacturing')),
    ...overrides,
  });
}

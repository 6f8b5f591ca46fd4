// Source documents for the engine tests, at the level ingestion hands them over: a five-section
// English course on workplace fire safety (definitions, bullets, a table), a Spanish course, a
// version of the English one in dated wording, and a generated document of about 10,000 words.
import { emptySection } from '../../../src/domain/source.js';
import type { SourceDocument, SourceSection } from '../../../src/domain/types.js';

function section(heading: string, level: number, parts: Partial<Omit<SourceSection, 'heading' | 'level'>>): SourceSection {
  return { ...emptySection(heading, level), ...parts };
}

export const FIRE_SAFETY: SourceDocument = {
  title: 'Workplace Fire Safety',
  format: 'docx',
  origin: 'fire-safety.docx',
  sections: [
    section('Why Fire Safety Matters', 1, {
      paragraphs: [
        'Every year, workplace fires injure thousands of employees and destroy buildings, equipment and records. Most of these fires start from causes that trained staff can recognise and remove. Faulty electrical equipment, careless smoking and poor storage of flammable materials are among the most common causes.',
        'The employer is responsible for a written fire risk assessment, and every employee is responsible for following the fire safety rules of the site. A fire risk assessment is a structured review of the premises that identifies fire hazards, the people at risk and the measures that reduce the risk. The assessment must be reviewed whenever the layout of the building or the work carried out in it changes.',
      ],
    }),
    section('The Fire Triangle', 1, {
      paragraphs: [
        'The fire triangle is a model that shows the three elements a fire needs: heat, fuel and oxygen. Combustion is a chemical reaction between a fuel and oxygen that releases heat and light. If any one of the three elements is removed, the fire goes out.',
        'Cooling removes heat, smothering removes oxygen and starving removes fuel. Water extinguishes a fire mainly by cooling the burning material below its ignition temperature. The ignition temperature is the lowest temperature at which a material catches fire without a flame being applied.',
        'Good housekeeping keeps fuel away from sources of heat. Waste paper, packaging and oily rags should be removed from work areas at the end of every shift.',
      ],
    }),
    section('Classes of Fire', 1, {
      paragraphs: [
        'Fires are grouped into classes according to the fuel that is burning. The class of a fire decides which extinguisher can be used safely. Using the wrong extinguisher can spread the fire or give the operator an electric shock.',
        'Electrical fires are not a class of their own, because electricity is a source of heat rather than a fuel. Once the power supply has been isolated, an electrical fire can be treated according to the material that is burning.',
      ],
      bullets: [
        'Class A: fires involving solid materials such as wood, paper, cloth and plastics.',
        'Class B: fires involving flammable liquids such as petrol, paint and solvents.',
        'Class C: fires involving flammable gases such as propane and butane.',
        'Class F: fires involving cooking oils and fats in deep fat fryers.',
      ],
      tables: [
        [
          ['Class', 'Fuel', 'Suitable extinguisher'],
          ['A', 'Wood, paper, cloth', 'Water or foam'],
          ['B', 'Flammable liquids', 'Foam, carbon dioxide or dry powder'],
          ['C', 'Flammable gases', 'Dry powder'],
          ['F', 'Cooking oils and fats', 'Wet chemical'],
        ],
      ],
    }),
    section('Fire Extinguishers', 1, {
      paragraphs: [
        'A fire extinguisher is a portable device that discharges a substance to put out a small fire. Every extinguisher carries a coloured band that shows its type: red for water, cream for foam, black for carbon dioxide, blue for dry powder and yellow for wet chemical. Carbon dioxide extinguishers are the first choice for fires in electrical equipment, because carbon dioxide leaves no residue and does not conduct electricity.',
        'You should only tackle a fire if you have been trained, the fire is small and you have a clear escape route behind you. Extinguishers must be inspected every month by a competent person and serviced once a year. A discharged or damaged extinguisher must be reported to the fire warden immediately.',
      ],
      bullets: [
        'Raise the alarm before you attempt to fight the fire.',
        'Check that the extinguisher is suitable for the class of fire.',
        'Pull the safety pin to break the tamper seal.',
        'Aim the nozzle at the base of the fire, not at the flames.',
        'Squeeze the handle slowly to discharge the extinguishing agent.',
        'Sweep the nozzle from side to side until the fire is out.',
        'Watch the area in case the fire reignites.',
        'Leave at once if the fire grows or the room fills with smoke.',
      ],
    }),
    section('Evacuation Procedures', 1, {
      paragraphs: [
        'When the fire alarm sounds, stop work, switch off equipment if it is safe to do so and leave the building by the nearest fire exit. Do not use the lifts, and do not stop to collect personal belongings. Fire doors must be kept closed at all times, because they hold back smoke and fire for at least thirty minutes.',
        'A fire warden is a trained member of staff who checks that an assigned area has been cleared during an evacuation. The assembly point is the place outside the building where everyone gathers so that the fire warden can account for all staff and visitors. Nobody may go back into the building until the fire service or the fire warden says it is safe.',
        'Fire drills are held at least twice a year so that every employee knows the escape routes. The results of each fire drill, including the time taken to clear the building, are recorded in the fire log book.',
      ],
      notes: ['Ask the group where their nearest assembly point is before showing the site map.'],
    }),
  ],
};

/** The course in dated wording: each dated phrase occurs once, in sentences about the same facts. */
export const DATED_FIRE_SAFETY: SourceDocument = {
  ...FIRE_SAFETY,
  origin: 'fire-safety-1998.docx',
  sections: FIRE_SAFETY.sections.map((s, i) =>
    i === 0
      ? {
          ...s,
          paragraphs: [
            ...s.paragraphs,
            'In order to report a hazard, staff should utilize the form on the World Wide Web or send an e-mail to the facilities manager, and the manager will reply by facsimile whilst the hazard is being assessed.',
          ],
        }
      : i === 4
        ? { ...s, paragraphs: [...s.paragraphs, 'The fire warden will commence the roll call prior to the arrival of the fire service.'] }
        : s,
  ),
};

export const DATED_PHRASES_USED = ['in order to', 'utilize', 'World Wide Web', 'e-mail', 'facsimile', 'whilst', 'commence', 'prior to'];

export const SEGURIDAD: SourceDocument = {
  title: 'Seguridad contra incendios en la oficina',
  format: 'docx',
  origin: 'seguridad.docx',
  sections: [
    section('El triángulo del fuego', 1, {
      paragraphs: [
        'El triángulo del fuego es un modelo que muestra los tres elementos que necesita un incendio: calor, combustible y oxígeno. Si se elimina uno de los tres elementos, el fuego se apaga. La combustión es una reacción química entre un combustible y el oxígeno que desprende calor y luz.',
        'El orden y la limpieza mantienen el combustible lejos de las fuentes de calor. Los papeles usados y los embalajes deben retirarse de la zona de trabajo al final de cada turno.',
      ],
    }),
    section('Extintores', 1, {
      paragraphs: [
        'Un extintor es un aparato portátil que descarga un agente para apagar un incendio pequeño. Los extintores de dióxido de carbono son la primera opción para incendios en equipos eléctricos, porque el dióxido de carbono no deja residuos. Los extintores deben revisarse cada mes y mantenerse una vez al año.',
        'Solo debe intentar apagar un incendio si ha recibido formación, el incendio es pequeño y tiene una vía de escape a su espalda. Un extintor usado o dañado debe comunicarse de inmediato al jefe de emergencias.',
      ],
      bullets: ['Quite el pasador de seguridad.', 'Apunte la boquilla a la base del fuego.', 'Apriete la palanca poco a poco.', 'Mueva la boquilla de lado a lado hasta apagar el fuego.'],
    }),
    section('Evacuación', 1, {
      paragraphs: [
        'Cuando suene la alarma de incendio, detenga el trabajo y salga del edificio por la salida de emergencia más cercana. No utilice los ascensores y no se detenga a recoger sus objetos personales. Las puertas cortafuegos deben permanecer cerradas, porque frenan el humo y el fuego durante al menos treinta minutos.',
        'El jefe de emergencias es la persona formada que comprueba que su zona ha quedado vacía durante una evacuación. El punto de reunión es el lugar fuera del edificio donde se reúnen todas las personas para que el jefe de emergencias pueda contarlas. Nadie puede volver a entrar en el edificio hasta que los bomberos o el jefe de emergencias lo autoricen.',
        'Los simulacros de evacuación se realizan al menos dos veces al año para que todos conozcan las vías de evacuación. El resultado de cada simulacro se anota en el libro de registro de incendios.',
      ],
    }),
  ],
};

// Vocabulary for a long, varied document: every sentence is a different combination.
const ROLES = ['site manager', 'fire warden', 'maintenance technician', 'shift supervisor', 'safety officer', 'facilities coordinator', 'first aider', 'security guard'];
const ITEMS = ['sprinkler valve', 'emergency light', 'fire door', 'smoke detector', 'hose reel', 'alarm panel', 'exit sign', 'gas shut-off valve', 'extinguisher bracket', 'fire blanket', 'evacuation chair'];
const ACTIONS = ['inspect', 'test', 'record', 'clean', 'report', 'replace', 'check', 'label'];
const PLACES = ['loading bay', 'server room', 'main kitchen', 'paint store', 'warehouse', 'reception area', 'plant room', 'staff canteen', 'workshop'];
const TIMES = ['every morning', 'at the end of each shift', 'once a week', 'every month', 'after each drill', 'before a public event'];

/** About `words` words in sections of roughly 250, each sentence unique. Deterministic. */
export function largeDocument(words = 10_000): SourceDocument {
  const sections: SourceSection[] = [];
  let count = 0;
  let n = 0;
  const pick = <T>(list: T[], k: number) => list[k % list.length]!;
  while (count < words) {
    const place = pick(PLACES, sections.length);
    const item = pick(ITEMS, sections.length * 3);
    const paragraphs: string[] = [];
    for (let p = 0; p < 3; p++) {
      const sentences: string[] = [];
      for (let s = 0; s < 5; s++, n++) {
        const role = pick(ROLES, n);
        const thing = pick(ITEMS, n * 7 + 3);
        const action = pick(ACTIONS, n * 5 + 1);
        const time = pick(TIMES, n * 3 + 2);
        const where = pick(PLACES, n * 11 + 5);
        const sentence =
          n % 3 === 0
            ? `The ${role} must ${action} the ${thing} in the ${where} ${time}, and any fault found during check ${n} is logged.`
            : n % 3 === 1
              ? `${/^[aeiou]/.test(thing) ? 'An' : 'A'} ${thing} is a safety device that the ${role} looks after in the ${where}; record ${n} lists its condition.`
              : `In the ${where}, the ${role} will ${action} each ${thing} ${time} so that inspection ${n} stays on schedule.`;
        sentences.push(sentence);
      }
      paragraphs.push(sentences.join(' '));
    }
    const bullets = [`Keep the ${item} in the ${place} clear of stored goods.`, `Report damage to the ${item} to the ${pick(ROLES, sections.length)}.`];
    sections.push(section(`${item[0]!.toUpperCase()}${item.slice(1)} checks in the ${place} (${sections.length + 1})`, 1, { paragraphs, bullets }));
    count += paragraphs.join(' ').split(/\s+/).length + bullets.join(' ').split(/\s+/).length;
  }
  return { title: 'Site safety inspection manual', format: 'pdf', origin: 'manual.pdf', pageCount: 20, sections };
}

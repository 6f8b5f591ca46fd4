// The material of the generate benchmark: a 20-page training handbook ("Information Security
// Essentials"), made in the run from a seeded generator so that every run measures the same
// bytes. Ten sections of two pages each; each section opens with a numbered heading set larger
// and bold, then about 400 words per page of varied sentences built from the section's own
// terms, actions, risks and examples, with one list of key actions per section. Running header
// and page numbers sit in the margins, as in a real handbook.
//
//   trainingPages()      the pages as blocks: {kind: 'heading' | 'paragraph' | 'bullet', text}
//   trainingText(pages)  the same material as pasted text (numbered headings, '- ' list items)
//   trainingPdf(pages)   the same material as a PDF (pdf-lib, Helvetica), a Uint8Array
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { seededRandom } from '@trainwright/formats';

export const TITLE = 'Information Security Essentials';
export const PAGES = 20;
export const WORDS_PER_PAGE = 400;

const ROLES = ['every employee', 'new starters', 'line managers', 'contractors', 'team leaders', 'the service desk', 'project owners', 'people who work with customer records'];
const FREQUENCIES = ['once a quarter', 'every month', 'at the start of each project', 'whenever a role changes', 'before every audit', 'at least once a year'];
const ORDINALS = ['first', 'second', 'third', 'next', 'final'];

const SECTIONS = [
  {
    title: 'Why Information Security Matters',
    terms: [
      ['confidentiality', 'keeping information available only to the people who need it for their work'],
      ['integrity', 'making sure that information is accurate and has not been changed without permission'],
      ['availability', 'making sure that systems and data can be used when the business needs them'],
      ['information asset', 'any data, system or document that has value to the company'],
      ['security incident', 'an event that puts the confidentiality, integrity or availability of information at risk'],
    ],
    actions: ['treat customer data as if it were your own', 'think before you share a document outside the team', 'follow the data handling rules for each classification', 'report anything that looks unusual', 'keep your software up to date', 'complete the annual security training'],
    risks: ['a leaked customer list', 'a fine from the data protection regulator', 'lost trust from long-standing clients', 'days of downtime in the order system', 'a damaged reputation in the local press'],
    examples: ['a delivery company lost a major contract after a spreadsheet of addresses was emailed to the wrong supplier', 'a clinic could not book appointments for three days because an unpatched server was encrypted by ransomware', 'a retailer noticed altered bank details on an invoice just before a large payment was made'],
  },
  {
    title: 'Recognising Phishing and Social Engineering',
    terms: [
      ['phishing', 'a message that pretends to come from a trusted sender in order to steal credentials or money'],
      ['spear phishing', 'a phishing message written for one person or team, often using details from social media'],
      ['pretexting', 'a made-up story that an attacker uses to win trust before asking for information'],
      ['sender spoofing', 'forging the visible sender of an email so that it appears to come from a colleague'],
      ['urgency cue', 'pressure in a message that pushes the reader to act before thinking'],
    ],
    actions: ['hover over a link to check where it really leads', 'verify unusual payment requests by phone using a known number', 'use the report phishing button in the mail client', 'check the full sender address rather than the display name', 'slow down when a message demands immediate action', 'refuse to share one-time codes with anyone'],
    risks: ['a stolen mailbox password', 'a fraudulent bank transfer', 'malware installed from a fake invoice', 'an attacker reading months of internal email', 'a compromised supplier account'],
    examples: ['an accounts assistant received an email from the chief executive asking for gift cards before a board meeting', 'a caller claiming to be from the service desk asked a new starter to read out a login code', 'a shared document link led to a copy of the sign-in page hosted on an unfamiliar domain'],
  },
  {
    title: 'Passwords and Multi-Factor Authentication',
    terms: [
      ['passphrase', 'a long password made of several unrelated words that is easy to remember and hard to guess'],
      ['password manager', 'an application that creates, stores and fills in a different strong password for every account'],
      ['multi-factor authentication', 'a sign-in that needs something you know and something you have, such as a phone'],
      ['credential stuffing', 'an attack that tries passwords leaked from one site against many other sites'],
      ['account lockout', 'a control that blocks sign-in after repeated failed attempts'],
    ],
    actions: ['use the company password manager for every work account', 'turn on multi-factor authentication wherever it is offered', 'choose a passphrase of at least four words', 'never reuse a work password on a personal site', 'change a password at once if it may have been exposed', 'approve sign-in prompts only when you started the sign-in yourself'],
    risks: ['an account taken over with a reused password', 'a flood of fake sign-in prompts that wears down a tired user', 'a shared password that nobody can revoke', 'a breach that spreads from one service to many others'],
    examples: ['an engineer found that a forum password leaked years ago still opened an old test account', 'a manager approved a sign-in prompt at midnight without realising that someone else had started it', 'a team kept one shared administrator password in a spreadsheet on a public drive'],
  },
  {
    title: 'Handling Confidential Data',
    terms: [
      ['data classification', 'the labels public, internal, confidential and restricted that tell you how to handle a document'],
      ['personal data', 'any information that identifies a living person, such as a name, address or employee number'],
      ['least privilege', 'giving each person only the access that their current role requires'],
      ['encryption', 'scrambling data so that only someone with the right key can read it'],
      ['data minimisation', 'collecting and keeping only the data that a task really needs'],
    ],
    actions: ['label documents with the right classification when you create them', 'share files through approved tools instead of personal email', 'remove access when a colleague leaves the project', 'encrypt removable media before copying confidential files', 'redact personal data before sending reports to suppliers', 'keep confidential printouts in a locked drawer'],
    risks: ['a restricted report forwarded to a personal address', 'an unencrypted memory stick lost on a train', 'former staff who still have access to shared folders', 'a customer complaint about misuse of their data'],
    examples: ['a payroll file was uploaded to a free online converter to change its format', 'an analyst kept a full customer extract on a laptop long after the project had ended', 'a supplier received a spreadsheet that still contained hidden columns with salaries'],
  },
  {
    title: 'Working Securely From Home and on the Move',
    terms: [
      ['virtual private network', 'an encrypted connection that protects traffic between your device and the company network'],
      ['public wireless network', 'a network in a cafe, hotel or station that anyone nearby can join'],
      ['shoulder surfing', 'reading a screen or keyboard by looking over the shoulder of the person using it'],
      ['privacy screen', 'a filter that makes a laptop display hard to read from the side'],
      ['device encryption', 'protection that keeps the data on a lost laptop unreadable'],
    ],
    actions: ['connect through the company VPN before opening internal systems', 'lock the laptop whenever you step away', 'take calls about confidential matters somewhere private', 'keep work devices out of sight in a parked car', 'use a privacy screen when working in public', 'keep family members off work devices'],
    risks: ['a conversation about a merger overheard on a train', 'a laptop stolen from a car boot', 'traffic intercepted on a hotel network', 'a child installing games on a work laptop'],
    examples: ['a consultant reviewed a bid on a crowded train while the person in the next seat read along', 'a home router with its factory password let a neighbour see shared printers', 'a sales representative joined a free airport network whose name imitated the airline'],
  },
  {
    title: 'Physical Security in the Office',
    terms: [
      ['tailgating', 'following an authorised person through a secure door without using your own badge'],
      ['clear desk rule', 'the practice of leaving no confidential papers or devices on a desk at the end of the day'],
      ['visitor log', 'the record of who entered the building, whom they visited and when they left'],
      ['secure area', 'a room such as a server room or records store that only named people may enter'],
      ['confidential waste', 'paper that must be shredded rather than recycled'],
    ],
    actions: ['wear your badge where it can be seen', 'challenge politely anyone without a badge', 'escort visitors for the whole of their stay', 'use the locked bins for confidential waste', 'clear your desk before you leave', 'report doors that do not close properly'],
    risks: ['an intruder who walks in behind a delivery', 'contracts left on a printer overnight', 'a laptop taken from a meeting room', 'a visitor wandering into the server room'],
    examples: ['a person carrying a large box was held the door for and later found photographing whiteboards', 'cleaning staff found a printed list of passwords taped under a keyboard', 'a meeting room screen still showed last quarter results when a supplier arrived'],
  },
  {
    title: 'Reporting Security Incidents',
    terms: [
      ['incident report', 'a short account of what happened, when it happened and what was affected'],
      ['near miss', 'an event that could have caused harm but was caught in time'],
      ['containment', 'the steps that stop an incident from spreading while it is investigated'],
      ['evidence', 'logs, emails and screenshots that show what happened'],
      ['blameless review', 'a discussion after an incident that looks for causes rather than culprits'],
    ],
    actions: ['report an incident to the service desk within one hour', 'describe what you saw without trying to investigate yourself', 'keep the suspicious email instead of deleting it', 'disconnect a device from the network if the security team asks you to', 'write down the time and what you clicked', 'report near misses as well as real incidents'],
    risks: ['an attack that spreads for days because nobody spoke up', 'lost evidence after a well-meaning clean-up', 'a regulator deadline missed because the report came late', 'the same mistake repeated in another team'],
    examples: ['an assistant who clicked a link reported it within minutes, and the password was reset before it could be used', 'a developer deleted a suspicious file, which made it much harder to find out how it arrived', 'a team leader shared a near miss in the weekly meeting and two colleagues recognised the same message'],
  },
  {
    title: 'Acceptable Use of Devices and Software',
    terms: [
      ['approved software', 'applications that the IT department has checked and licensed for work use'],
      ['shadow IT', 'tools and cloud services that teams adopt without the knowledge of the IT department'],
      ['software update', 'a new version of a program that often fixes security weaknesses'],
      ['mobile device management', 'a service that lets the company secure and wipe work phones and tablets'],
      ['browser extension', 'a small add-on that can read and change the pages you visit'],
    ],
    actions: ['install software only from the company portal', 'restart when an update asks you to', 'ask the IT department before trying a new cloud service', 'enrol work phones in mobile device management', 'remove browser extensions you no longer use', 'keep personal files off work devices'],
    risks: ['a free tool that uploads documents to an unknown server', 'an extension that reads every page you open', 'a missing update that attackers already exploit', 'a lost phone that cannot be wiped'],
    examples: ['a marketing team stored campaign plans in an unapproved file sharing app that was later breached', 'a popular extension was sold to a new owner who added code to collect browsing history', 'a laptop that had postponed updates for two months was the first to be infected'],
  },
  {
    title: 'Data Retention and Secure Disposal',
    terms: [
      ['retention schedule', 'the list that says how long each type of record must be kept'],
      ['legal hold', 'an instruction to keep records that may be needed for a dispute or investigation'],
      ['secure deletion', 'removing data so that it cannot be recovered with ordinary tools'],
      ['archive', 'a controlled store for records that must be kept but are no longer in daily use'],
      ['disposal certificate', 'proof from a supplier that equipment or paper has been destroyed'],
    ],
    actions: ['check the retention schedule before deleting records', 'move finished project files to the archive', 'return old devices to the IT department for wiping', 'shred paper records at the end of their retention period', 'keep records under legal hold until the hold is lifted', 'delete personal data that is no longer needed'],
    risks: ['old customer data exposed in a breach years after it was needed', 'a sold laptop that still holds payroll files', 'records destroyed while a court case is pending', 'storage costs growing with data nobody uses'],
    examples: ['a second-hand copier was found to hold thousands of scanned contracts on its hard drive', 'a company was fined for keeping applicant records for seven years instead of six months', 'a team rebuilt a lost report from the archive after a folder had been deleted by mistake'],
  },
  {
    title: 'Building a Security Culture',
    terms: [
      ['security champion', 'a volunteer in each team who shares advice and passes questions to the security team'],
      ['awareness programme', 'the training, reminders and exercises that keep security in mind all year'],
      ['phishing simulation', 'a harmless test email that helps people practise spotting real attacks'],
      ['risk owner', 'the manager who decides how a particular risk is treated'],
      ['continuous improvement', 'the habit of learning from each incident and changing processes to match'],
    ],
    actions: ['name a security champion in every team', 'discuss one security topic in each monthly meeting', 'thank colleagues who report mistakes', 'include security in the plan for every new project', 'review access rights with the risk owner', 'share lessons learned across departments'],
    risks: ['a culture of silence in which mistakes stay hidden', 'controls that exist on paper but not in practice', 'new projects that go live without a security review', 'training that people forget within a week'],
    examples: ['a finance team cut its phishing click rate by half after its champion began sharing real examples every Friday', 'a project delayed its launch by a week to fix an access problem found in a review, and avoided a costly incident', 'a manager who admitted her own mistake in a team meeting made others more willing to report theirs'],
  },
];


const cap = (s) => s[0].toUpperCase() + s.slice(1);
const words = (s) => s.split(/\s+/).filter(Boolean).length;

/** Sentence makers over one section's vocabulary: a varied text, no sentence twice. */
const TEMPLATES = [
  (v) => `${cap(v.term[0])} means ${v.term[1]}.`,
  (v) => `In practice, ${v.role} should ${v.action}.`,
  (v) => `A common mistake is to forget to ${v.action}, which can lead to ${v.risk}.`,
  (v) => `The policy asks ${v.role} to ${v.action} and to review this ${v.freq}.`,
  (v) => `${cap(v.risk)} costs far more to put right than the few minutes it takes to ${v.action}.`,
  (v) => `Consider a real case: ${v.example}.`,
  (v) => `If you are unsure whether to ${v.action}, ask ${v.role2 === v.role ? 'the security team' : v.role2} before you continue.`,
  (v) => `${cap(v.term[0])} and ${v.term2[0]} support each other, so a weakness in one usually shows up in the other.`,
  (v) => `The ${v.ordinal} step is to ${v.action}.`,
  (v) => `Why does this matter? Because ${v.risk} affects customers, colleagues and the good name of the company.`,
  (v) => `${cap(v.role)} are expected to ${v.action}, and team leaders check this ${v.freq}.`,
  (v) => `Most incidents of this kind begin with a small lapse, such as failing to ${v.action}, rather than with a clever attack.`,
  (v) => `When people talk about ${v.term[0]}, they mean ${v.term[1]}.`,
  (v) => `It helps to picture the outcome: ${v.risk}, discovered weeks later by someone outside the company.`,
  (v) => `One way to make this a habit is to ${v.action} at the same time as another routine task.`,
  (v) => `For ${v.role}, the most useful single change is usually to ${v.action}.`,
  (v) => `Looking back, ${v.example}; a simple rule would have prevented it.`,
  (v) => `Spot checks ${v.freq} confirm whether teams ${v.action2} as the policy requires.`,
  (v) => `Ask yourself whether ${v.term[0]} is really in place, or whether it only exists in a document.`,
  (v) => `Good practice around ${v.term[0]} does not require technical skills, only attention and a few minutes ${v.freq}.`,
];

function sentenceMaker(section, rand) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const used = new Set();
  return () => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const v = {
        term: pick(section.terms),
        term2: pick(section.terms),
        role: pick(ROLES),
        role2: pick(ROLES),
        action: pick(section.actions),
        action2: pick(section.actions),
        risk: pick(section.risks),
        example: pick(section.examples),
        freq: pick(FREQUENCIES),
        ordinal: pick(ORDINALS),
      };
      if (v.term2 === v.term) continue;
      const sentence = pick(TEMPLATES)(v);
      if (used.has(sentence)) continue;
      used.add(sentence);
      return sentence;
    }
    throw new Error(`ran out of sentences for "${section.title}"`);
  };
}

/** The 20 pages: a heading every second page, about WORDS_PER_PAGE words on each. */
export function trainingPages(seed = 20261122) {
  const rand = seededRandom(seed);
  const pages = [];
  SECTIONS.forEach((section, s) => {
    const next = sentenceMaker(section, rand);
    for (let half = 0; half < PAGES / SECTIONS.length; half++) {
      const blocks = [];
      let count = 0;
      if (half === 0) {
        const heading = `${s + 1}. ${section.title}`;
        blocks.push({ kind: 'heading', text: heading });
        count += words(heading);
      }
      let paragraphs = 0;
      while (count < WORDS_PER_PAGE - 15) {
        // The list of key actions, in the middle of each section's second page.
        if (half === 1 && paragraphs === 2) {
          const intro = `Key actions for ${section.title.toLowerCase()}:`;
          blocks.push({ kind: 'paragraph', text: intro });
          count += words(intro);
          for (const action of section.actions.slice(0, 4)) {
            const item = `${cap(action)}.`;
            blocks.push({ kind: 'bullet', text: item });
            count += words(item);
          }
        }
        const sentences = [];
        let target = Math.min(WORDS_PER_PAGE - count, 55 + Math.floor(rand() * 45));
        while (target > 0) {
          const sentence = next();
          sentences.push(sentence);
          target -= words(sentence);
        }
        const text = sentences.join(' ');
        blocks.push({ kind: 'paragraph', text });
        count += words(text);
        paragraphs++;
      }
      pages.push(blocks);
    }
  });
  return pages;
}

/** The pages as text someone pastes: numbered headings alone on a line, '- ' list items. */
export function trainingText(pages) {
  const blocks = pages.flat();
  const lines = [TITLE, ''];
  blocks.forEach((block, i) => {
    if (block.kind !== 'bullet') lines.push(block.text, '');
    else {
      lines.push(`- ${block.text}`);
      if (blocks[i + 1]?.kind !== 'bullet') lines.push('');
    }
  });
  return lines.join('\n');
}

/** The pages as a Letter-size PDF: body Helvetica 11 pt, headings Helvetica-Bold 18 pt. */
export async function trainingPdf(pages) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(TITLE);
  pdf.setAuthor('Trainwright benchmark');
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin] = [612, 792, 72];
  const maxWidth = width - 2 * margin;
  const wrap = (text, font, size, indent = 0) => {
    const lines = [];
    let line = '';
    for (const word of text.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > maxWidth - indent) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
    return lines;
  };
  pages.forEach((blocks, p) => {
    const page = pdf.addPage([width, height]);
    const grey = rgb(0.4, 0.4, 0.4);
    page.drawText(TITLE, { x: margin, y: height - 40, size: 9, font: body, color: grey });
    const footer = `Page ${p + 1} of ${pages.length}`;
    page.drawText(footer, { x: width - margin - body.widthOfTextAtSize(footer, 9), y: 36, size: 9, font: body, color: grey });
    let y = height - margin - 6;
    blocks.forEach((block, b) => {
      if (block.kind !== 'bullet' && blocks[b - 1]?.kind === 'bullet') y -= 6;
      if (block.kind === 'heading') {
        for (const line of wrap(block.text, bold, 18)) {
          page.drawText(line, { x: margin, y, size: 18, font: bold });
          y -= 24;
        }
        y -= 8;
      } else if (block.kind === 'bullet') {
        const lines = wrap(block.text, body, 11, 16);
        page.drawText('•', { x: margin + 4, y, size: 11, font: body });
        for (const line of lines) {
          page.drawText(line, { x: margin + 16, y, size: 11, font: body });
          y -= 14.5;
        }
        y -= 2;
      } else {
        for (const line of wrap(block.text, body, 11)) {
          page.drawText(line, { x: margin, y, size: 11, font: body });
          y -= 14.5;
        }
        y -= 8;
      }
    });
    if (y < margin - 10) throw new Error(`page ${p + 1} overflows its margins; shorten WORDS_PER_PAGE`);
  });
  return pdf.save();
}

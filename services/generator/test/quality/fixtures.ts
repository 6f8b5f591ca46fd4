// Decks for the quality tests, written in the slide text format, and a small real question maker
// (the production one lives in another module and is injected the same way).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSlideText, type GeneratedContent, type GeneratedQuestion } from '@trainwright/formats';
import type { QualityRequest, ScorableContent } from '../../src/domain/types.js';

export const POOR_SLIDES = `# Password Security

## Why Passwords Matter
**Content:**
- In today's fast-paced world, passwords protect every account that employees use at work.
- It is important to note that weak passwords cause most account takeovers in small companies, and attackers try common passwords against thousands of accounts every day.
- TODO: add breach statistics
- Attackers leverage leaked password lists from earlier breaches.
- Reused passwords let one breach unlock many services.
- A strong password policy protects customer data and company reputation.
- Lorem ipsum dolor sit amet, consectetur adipiscing elit.
- Password rules apply to every employee, contractor and temporary worker who has a company account.

## Strong Passwords
**Content:**
- Use at least fourteen characters for every password.
- Combine unrelated words into a passphrase that is easy to remember.
- Never reuse a password across different services.
- Do not put personal details such as birthdays, pet names or the names of family members into a password, because attackers search social media profiles for exactly these details before they attack.
- Change a password at once when a breach is suspected.
- Reused passwords let one breach unlock many services.
- Store the recovery codes in a safe place.
- Check new passwords against the list of known breached passwords.
- Send password reset links only by e-mail to the registered address.

## Password Managers
**Content:**
- A password manager creates and stores unique passwords for every account.
- [insert screenshot of the password manager here]
- The vault is protected by one strong master password.
- Browser extensions fill in passwords on the correct websites only ???

## Phishing
**Content:**
- Phishing emails imitate trusted senders to steal passwords.
- Check the sender address of every email before clicking a link!!!
- Attachments larger than 10MB from unknown senders are blocked by the filter!
- Report suspicious messages to the security team within 24 hours!
- Never enter your password on a page opened from an email link!
- Attachments under 10 MB are still scanned before delivery.
- Delve into the headers of the message when the sender looks unusual.

## Multi-Factor Authentication
**Content:**
Multi-factor authentication adds a second check after the password, and it blocks most automated attacks on accounts because a stolen password alone is no longer enough to sign in to the service.
Furthermore, authenticator apps are a robust choice for most employees; text messages are weaker but still better than a password alone, and hardware keys give the strongest protection for administrators.
`;

export const GOOD_SLIDES = `# Password Security

## Password Security
**Speaker Notes:**
Welcome to the Acme Corp course on password security, a short course on account protection for all staff. It takes about fifteen minutes.

## Learning objectives
**Content:**
- Explain why weak passwords put accounts at risk
- Apply the rules for strong passwords and passphrases
- Compare password managers and multi-factor authentication methods
- Identify phishing messages that try to steal passwords
**Speaker Notes:**
By the end of this course you will be able to do four things.
You will explain the risks, apply the rules, compare the tools and spot phishing.

## Why weak passwords are a risk
**Content:**
- Attackers try leaked passwords on many services
- One reused password can open several accounts
- Most account takeovers start with a weak password
**Speaker Notes:**
Attackers collect passwords from earlier breaches and try them on other services.
For example, a password leaked from a shopping site is tried on your work email within hours.
Do you use the same password twice? Then one breach is enough.

## Strong passwords and passphrases
**Content:**
- Use at least fourteen characters
- Combine unrelated words into a passphrase
- Never reuse a password
- Check new passwords against breached lists
**Speaker Notes:**
Length matters more than special characters.
A passphrase such as four unrelated words is long and still easy to remember.
Our password checker compares every new password with the list of known breached passwords.

## Password managers
**Content:**
- A password manager creates unique passwords
- One master password protects the vault
- The browser extension fills in passwords on the right site only
**Speaker Notes:**
You only remember one strong master password.
For example, the manager refuses to fill in your password on a fake login page, which protects you from phishing.

## Multi-factor authentication
**Content:**
- A second factor stops most automated attacks
- Authenticator apps are the standard choice
- Hardware keys protect administrator accounts
- Use the authenticator app on your phone
- Ask the service desk for a hardware key if you manage systems
**Speaker Notes:**
Even when a password is stolen, the attacker still needs your second factor.
Use the authenticator app on your phone, and ask the service desk for a hardware key if you manage systems.

## Phishing
**Content:**
- Phishing messages imitate trusted senders
- Check the sender address before clicking
- Report suspicious messages within 24 hours
- Forward anything suspicious to the security team, then delete it
**Speaker Notes:**
Phishing messages often create urgency, for example a warning that your account will close today.
Forward anything suspicious to the security team and delete it afterwards.

## Knowledge check
**Content:**
- 1. Why is a reused password dangerous?
- 2. What protects the password vault?
- 3. What should you do with a suspicious message?
**Speaker Notes:**
Answer 1: One reused password can open several accounts.
Answer 2: One master password protects the vault.
Answer 3: Report it to the security team within 24 hours.

## Summary
**Content:**
- Use long, unique passphrases
- Let a password manager remember them
- Turn on multi-factor authentication
- Report phishing at once
**Speaker Notes:**
Thank you for taking the Acme Corp course on password security.
Four habits keep your accounts safe: long passphrases, a password manager, a second factor and quick reporting.
`;

function question(id: string, prompt: string, correct: string, wrong: string[], source: string): GeneratedQuestion {
  return {
    id,
    type: 'multiple_choice',
    difficulty: 'intermediate',
    prompt,
    options: [
      { id: 'a', text: correct, is_correct: true },
      ...wrong.map((text, i) => ({ id: String.fromCharCode(98 + i), text, is_correct: false })),
    ],
    explanation: `The course states: ${source}`,
    source,
  };
}

const STRUCTURAL = /objectives|summary|knowledge check|resumen|objetivos|résumé|objectifs/i;

/**
 * One multiple-choice question per content slide: the slide's first full point is the answer, the
 * first points of two other slides are the distractors.
 */
export function makeQuestions(content: ScorableContent, count: number): GeneratedQuestion[] {
  const candidates = content.deck.slides
    .filter((s) => !STRUCTURAL.test(s.title) && s.title.trim() !== '')
    .map((s) => ({ title: s.title, point: s.points.find((p) => p.split(/\s+/).length >= 4) }))
    .filter((c): c is { title: string; point: string } => c.point !== undefined);
  return candidates.slice(0, count).map((c, i) => {
    const others = candidates.filter((o) => o !== c).slice(0, 2).map((o) => o.point);
    return question(`q${i + 1}`, `Which statement about ${c.title} is correct?`, c.point, others, c.point);
  });
}

export function content(slides: string, extra: Partial<ScorableContent> = {}): ScorableContent {
  return {
    deck: parseSlideText(slides),
    script: '',
    objectives: [],
    questions: [],
    glossary: [],
    templateId: '',
    fontStyle: '',
    imageStyle: '',
    branding: null,
    ...extra,
  };
}

export const BRANDING = { company_name: 'Acme Corp', logo_url: 'https://acme.example/logo.png', website: 'https://acme.example' };

export function poorContent(): ScorableContent {
  return content(POOR_SLIDES, { branding: BRANDING });
}

export function goodContent(): ScorableContent {
  const base = content(GOOD_SLIDES, {
    objectives: [
      'Explain why weak passwords put accounts at risk',
      'Apply the rules for strong passwords and passphrases',
      'Compare password managers and multi-factor authentication methods',
      'Identify phishing messages that try to steal passwords',
    ],
    glossary: [
      { term: 'Passphrase', definition: 'A password made of several unrelated words.' },
      { term: 'Password manager', definition: 'An application that creates and stores passwords.' },
      { term: 'Multi-factor authentication', definition: 'Sign-in that needs a second proof besides the password.' },
      { term: 'Phishing', definition: 'Messages that imitate trusted senders to steal credentials.' },
      { term: 'Master password', definition: 'The one password that opens the password vault.' },
      { term: 'Account takeover', definition: 'An attacker signing in to an account that is not theirs.' },
      { term: 'Security team', definition: 'The team that handles reports of suspicious messages.' },
    ],
    templateId: 'corporate-blue',
    fontStyle: 'modern',
    imageStyle: 'photographic',
    branding: BRANDING,
  });
  return { ...base, questions: makeQuestions(base, 6) };
}

export function request(overrides: Partial<QualityRequest> = {}): QualityRequest {
  return { desired_atmosphere: 'professional', target_audience: 'professional learners', focus_areas: [], notes: '', ...overrides };
}

export const CASUAL_SLIDES = `# Getting started

## Your first day
**Content:**
- You'll get your laptop in the morning
- Don't worry, it's already set up for you
- You're going to pick a password you can't forget
**Speaker Notes:**
Hey, welcome aboard! You're going to love it here.
Don't stress about the setup. It's quick and we'll walk you through it.
What's first? You'll grab your badge and you'll head to your desk.
Can't find something? Just ask. We're here to help you.

## Your tools
**Content:**
- You'll chat with the team in the messaging app
- Your calendar's already full of welcome meetings
- Don't forget to say hi in the team channel
**Speaker Notes:**
You'll use the messaging app all day, so it's worth setting up notifications.
Wondering who's who? Check the team page. You'll find everyone there.
If you're stuck, don't wait. Ping your buddy and they'll sort it out.
`;

export const FORMAL_SLIDES = `# Information security obligations

## Scope of the policy
**Content:**
- The policy applies to all employees, contractors and temporary staff of the organisation
- Access credentials are issued by the information security department upon written request
- Compliance with the policy is monitored by the internal audit function
**Speaker Notes:**
The organisation is obliged to protect the confidentiality, integrity and availability of the information entrusted to it by its clients.
Access credentials are issued only after the request has been approved by the responsible line manager and the information security department.
Each member of staff is required to acknowledge the policy in writing before access to any production system is granted.

## Handling of credentials
**Content:**
- Credentials shall not be disclosed to any other person under any circumstances
- Passwords are to be changed immediately when a compromise is suspected
- Violations of the policy are reported to the information security department
**Speaker Notes:**
Credentials that have been disclosed, whether intentionally or inadvertently, are considered compromised and must be revoked without delay.
Any suspected compromise is to be reported to the information security department within one business day of its discovery.
Repeated violations of the policy may result in disciplinary measures in accordance with the applicable employment regulations.
`;

export const SPANISH_SLIDES = `# Seguridad de las contraseñas

## Por qué importan las contraseñas
**Content:**
- Las contraseñas débiles son la causa de la mayoría de los accesos no autorizados
- Los atacantes prueban contraseñas filtradas en muchos servicios
- Una contraseña reutilizada puede abrir varias cuentas
**Speaker Notes:**
Los atacantes recopilan contraseñas de filtraciones anteriores y las prueban en otros servicios, y por eso una sola filtración puede comprometer todas las cuentas de una persona que reutiliza la misma contraseña.
¿Usas la misma contraseña dos veces? Entonces basta con una filtración.

## Contraseñas seguras
**Content:**
- Usa al menos catorce caracteres
- Combina palabras sin relación en una frase de contraseña
- Nunca reutilices una contraseña
- Comprueba las contraseñas nuevas con la lista de contraseñas filtradas
- Guarda los códigos de recuperación en un lugar seguro
- Cambia la contraseña en cuanto sospeches una filtración
- Activa la autenticación de dos factores en todas las cuentas
**Speaker Notes:**
La longitud importa más que los caracteres especiales.
Por ejemplo, cuatro palabras sin relación forman una frase larga y fácil de recordar.
`;

export const FRENCH_SLIDES = `# Sécurité des mots de passe

## Pourquoi les mots de passe comptent
**Content:**
- Les mots de passe faibles sont à l'origine de la plupart des accès non autorisés
- Les attaquants essaient des mots de passe divulgués sur de nombreux services
- Un mot de passe réutilisé peut ouvrir plusieurs comptes
**Speaker Notes:**
Les attaquants collectent les mots de passe issus de fuites antérieures et les essaient sur d'autres services, et c'est pourquoi une seule fuite peut compromettre tous les comptes d'une personne qui réutilise le même mot de passe.
Utilisez-vous le même mot de passe deux fois ? Alors une seule fuite suffit.

## Des mots de passe robustes
**Content:**
- Utilisez au moins quatorze caractères
- Combinez des mots sans rapport dans une phrase secrète
- Ne réutilisez jamais un mot de passe
- Vérifiez les nouveaux mots de passe avec la liste des mots de passe divulgués
- Conservez les codes de récupération dans un endroit sûr
- Changez le mot de passe dès que vous soupçonnez une fuite
- Activez l'authentification à deux facteurs sur tous les comptes
**Speaker Notes:**
La longueur compte plus que les caractères spéciaux.
Par exemple, quatre mots sans rapport forment une phrase longue et facile à retenir.
`;

/** A deck the offline engine made before issue 13's rewrite (fixtures/<name>.offline.json), as scored content. */
export function captured(name: string, branding: ScorableContent['branding'] = null): ScorableContent {
  const generated = JSON.parse(readFileSync(fileURLToPath(new URL(`./fixtures/${name}.offline.json`, import.meta.url)), 'utf8')) as GeneratedContent;
  return {
    deck: parseSlideText(generated.slides.slide_content),
    script: generated.script,
    objectives: generated.objectives,
    questions: generated.questions,
    glossary: generated.glossary,
    templateId: 'corporate-blue',
    fontStyle: 'modern',
    imageStyle: 'photographic',
    branding,
  };
}

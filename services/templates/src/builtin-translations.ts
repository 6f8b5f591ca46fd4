// The built-ins' names and descriptions in the interface's other languages (Spanish, French), by
// template id. English is the template itself. Every built-in has both (a test checks it), so a
// card in es or fr never falls back to English.
import type { TemplateText } from './template.js';

type Translated = { es: TemplateText; fr: TemplateText };

const entry = (esName: string, esDescription: string, frName: string, frDescription: string): Translated => ({
  es: { name: esName, description: esDescription },
  fr: { name: frName, description: frDescription },
});

export const BUILTIN_TRANSLATIONS: Readonly<Record<string, Translated>> = {
  'business-employee-onboarding': entry(
    'Incorporación de empleados',
    'Da la bienvenida a las nuevas incorporaciones con la historia de la empresa, los primeros 90 días, las herramientas que necesitan y las políticas que deben conocer.',
    'Intégration des collaborateurs',
    "Accueillez les nouvelles recrues avec l'histoire de l'entreprise, les 90 premiers jours, les outils dont elles ont besoin et les règles à connaître.",
  ),
  'technology-cybersecurity-awareness': entry(
    'Concienciación en ciberseguridad',
    'Enseña al personal a detectar el phishing, proteger cuentas y dispositivos e informar de incidentes con rapidez.',
    'Sensibilisation à la cybersécurité',
    "Apprenez au personnel à repérer l'hameçonnage, à protéger comptes et appareils et à signaler vite les incidents.",
  ),
  'healthcare-hand-hygiene': entry(
    'Higiene de manos',
    'Los cinco momentos de la higiene de manos, la técnica correcta y por qué los guantes no la sustituyen.',
    'Hygiène des mains',
    "Les cinq moments de l'hygiène des mains, la bonne technique et pourquoi les gants ne la remplacent pas.",
  ),
  'education-course-orientation': entry(
    'Presentación del curso',
    'Abre un curso con sus objetivos, calendario, evaluación y el apoyo con el que cuentan los participantes.',
    'Présentation du cours',
    "Ouvrez un cours avec ses objectifs, son calendrier, son évaluation et l'accompagnement sur lequel les apprenants peuvent compter.",
  ),
  'marketing-sales-playbook': entry(
    'Manual de ventas',
    'Alinea al equipo comercial sobre el cliente ideal, las etapas de la venta, las preguntas de descubrimiento y la gestión de objeciones.',
    'Guide de vente',
    "Alignez l'équipe commerciale sur le client idéal, les étapes de la vente, les questions de découverte et le traitement des objections.",
  ),
  'hr-code-of-conduct': entry(
    'Código de conducta',
    'Da vida al código de conducta con expectativas claras, casos reales y una vía segura para plantear inquietudes.',
    'Code de conduite',
    'Donnez vie au code de conduite avec des attentes claires, des situations réelles et un moyen sûr de signaler un problème.',
  ),
  'manufacturing-workplace-safety': entry(
    'Seguridad en el trabajo',
    'Detección de peligros, EPI, bloqueo y etiquetado y notificación de incidentes para equipos de producción.',
    'Sécurité au travail',
    'Repérage des dangers, EPI, consignation et déclaration des incidents pour les équipes de production.',
  ),
  'creative-storytelling-workshop': entry(
    'Taller de narrativa',
    'Un taller práctico sobre la estructura de una historia, los personajes y el conflicto, y cómo convertir datos en un relato.',
    'Atelier de storytelling',
    "Un atelier pratique sur la structure d'un récit, les personnages et le conflit, et l'art de transformer des données en histoire.",
  ),
  'design-corporate-blue-sidebar': entry(
    'Barra lateral azul corporativa',
    'Un aspecto corporativo y sereno: una barra lateral azul lleva el nombre de la sección y el contenido queda despejado.',
    'Barre latérale bleu entreprise',
    'Un style sobre et professionnel : une barre latérale bleue porte le nom de la section et le contenu reste épuré.',
  ),
  'design-sunset-gradient': entry(
    'Degradado atardecer',
    'Degradados cálidos del naranja al rosa con marcos redondeados para sesiones enérgicas y animadas.',
    'Dégradé coucher de soleil',
    "Des dégradés chauds de l'orange au rose et des cadres arrondis pour des sessions dynamiques et enjouées.",
  ),
  'design-nordic-minimal': entry(
    'Minimalismo nórdico',
    'Tonos pizarra y roble apagados, mucho espacio en blanco y una idea por diapositiva.',
    'Minimalisme nordique',
    "Tons ardoise et chêne adoucis, beaucoup d'espace blanc et une idée par diapositive.",
  ),
  'design-midnight-tech': entry(
    'Tecnología medianoche',
    'Un lienzo azul marino oscuro con toques cian y una cuadrícula sutil, pensado para recorridos técnicos y demostraciones.',
    'Tech minuit',
    'Un fond bleu marine sombre, des touches cyan et une grille discrète, conçu pour les présentations techniques et les démonstrations.',
  ),
  'design-forest-canopy': entry(
    'Dosel del bosque',
    'Verdes de hoja y suaves ondas para temas de sostenibilidad, bienestar y actividades al aire libre.',
    'Canopée',
    'Des verts feuillage et de douces ondulations pour le développement durable, le bien-être et les activités de plein air.',
  ),
  'design-bold-coral': entry(
    'Coral intenso',
    'Coral lleno de energía con una barra de acento azul marino y cuadrículas de tarjetas para diapositivas directas y fáciles de leer.',
    'Corail audacieux',
    "Un corail plein d'énergie, une barre d'accent bleu marine et des grilles de cartes pour des diapositives percutantes et faciles à parcourir.",
  ),
  'design-executive-slate': entry(
    'Pizarra ejecutiva',
    'Grises pizarra con un acento bronce, un marco doble y un margen a rayas para informes de consejo de dirección.',
    'Ardoise direction',
    "Des gris ardoise, un accent bronze, un double cadre et une marge rayée pour les présentations au conseil d'administration.",
  ),
  'business-quarterly-review': entry(
    'Revisión trimestral del negocio',
    'Presenta el trimestre frente a los objetivos, señala los riesgos y acuerda las prioridades y decisiones del siguiente.',
    "Revue trimestrielle d'activité",
    'Présentez le trimestre au regard des objectifs, faites ressortir les risques et arrêtez les priorités et décisions du suivant.',
  ),
  'business-compliance-basics': entry(
    'Fundamentos de cumplimiento normativo',
    'Antisoborno, conflictos de interés, conservación de registros y canales de denuncia, explicados con situaciones cotidianas.',
    'Les bases de la conformité',
    "Lutte contre la corruption, conflits d'intérêts, tenue des registres et droit d'alerte, expliqués par des situations du quotidien.",
  ),
  'technology-software-rollout': entry(
    'Implantación de software',
    'Prepara a los usuarios para un sistema nuevo: por qué cambia, el calendario de transición, los flujos de trabajo clave y dónde pedir ayuda.',
    "Déploiement d'un logiciel",
    "Préparez les utilisateurs à un nouveau système : pourquoi il change, le calendrier de bascule, les processus essentiels et où trouver de l'aide.",
  ),
  'technology-data-privacy': entry(
    'Fundamentos de protección de datos',
    'Qué son los datos personales, los principios para usarlos, cómo atender solicitudes y cómo responder a una brecha.',
    'Les fondamentaux de la protection des données',
    'Ce que sont les données personnelles, les principes de leur utilisation, le traitement des demandes et la réaction à une violation.',
  ),
  'healthcare-patient-privacy': entry(
    'Privacidad del paciente',
    'Proteger la información de salud en la atención diaria: acceso mínimo necesario, derechos del paciente y notificación de brechas.',
    'Confidentialité des patients',
    "Protéger les informations de santé au quotidien : accès limité au strict nécessaire, droits du patient et signalement des violations.",
  ),
  'education-lesson-plan': entry(
    'Plan de clase',
    'Una clase completa, de los objetivos y el calentamiento a la práctica guiada e independiente y el control de salida.',
    'Plan de cours',
    "Une séance complète, des objectifs et de l'échauffement à la pratique guidée puis autonome, jusqu'au bilan de sortie.",
  ),
  'marketing-brand-guidelines': entry(
    'Guía de marca',
    'Enseña la marca: historia, voz y tono, logotipo, color, tipografía e imágenes, con ejemplos de lo que sí y lo que no.',
    'Charte de marque',
    'Transmettez la marque : histoire, ton et style, logo, couleurs, typographie et images, avec des exemples à suivre et à éviter.',
  ),
  'hr-performance-reviews': entry(
    'Evaluaciones del desempeño',
    'Guía a los responsables por los objetivos, las evidencias, la calibración, la conversación de evaluación y los planes de desarrollo.',
    'Entretiens annuels',
    "Guidez les managers à travers les objectifs, les éléments factuels, l'harmonisation, l'entretien et les plans de développement.",
  ),
  'manufacturing-lean-basics': entry(
    'Fundamentos de fabricación ajustada',
    'Valor, los ocho desperdicios, 5S, mapa de flujo de valor, trabajo estandarizado y kaizen para equipos de producción.',
    'Les bases du lean manufacturing',
    'La valeur, les huit gaspillages, les 5S, la cartographie de la chaîne de valeur, le travail standardisé et le kaizen pour les équipes de production.',
  ),
  'design-ocean-breeze': entry(
    'Brisa marina',
    'Azules de mar y verde azulado con suaves franjas onduladas y un degradado ligero, cercano y sereno.',
    'Brise marine',
    'Des bleus océan et du bleu canard, de douces bandes ondulées et un léger dégradé : chaleureux et apaisant.',
  ),
  'design-geometric-prism': entry(
    'Prisma geométrico',
    'Chevrones violeta y un acento naranja sobre un tenue patrón geométrico para contenidos modernos y estructurados.',
    'Prisme géométrique',
    'Des chevrons violets et un accent orange sur un motif géométrique discret pour des contenus modernes et structurés.',
  ),
  'design-classic-academia': entry(
    'Academia clásica',
    'Tonos pergamino, títulos en burdeos y una doble línea en la tradición de las clases universitarias.',
    'Académie classique',
    'Des tons parchemin, des titres bordeaux et un double filet dans la tradition des cours magistraux.',
  ),
  'design-startup-pitch': entry(
    'Presentación de startup',
    'Índigo y esmeralda con imágenes a sangre y una barra de acento marcada, pensada para charlas breves y persuasivas.',
    'Pitch de start-up',
    "De l'indigo et de l'émeraude, des visuels pleine page et une barre d'accent marquée, conçus pour des présentations courtes et convaincantes.",
  ),
  'design-clinical-clean': entry(
    'Clínico y limpio',
    'Verde azulado sobre blanco con una barra lateral sólida y un marco fino: limpio, fiable y fácil de leer en una pantalla de planta.',
    'Clinique épuré',
    'Du bleu canard sur fond blanc, une barre latérale pleine et un cadre fin : net, rassurant et lisible sur un écran de service.',
  ),
  'design-art-deco-gold': entry(
    'Oro art déco',
    'Chevrones dorados sobre carbón con un marco doble para presentaciones de gala y de alta gama.',
    'Or Art déco',
    'Des chevrons dorés sur fond anthracite et un double cadre pour des présentations de gala haut de gamme.',
  ),
  'business-project-kickoff': entry(
    'Arranque de proyecto',
    'Empieza un proyecto alineados: propósito, alcance, roles, hitos, forma de trabajar y las dos primeras semanas.',
    'Lancement de projet',
    'Démarrez un projet sur de bonnes bases : finalité, périmètre, rôles, jalons, façons de travailler et les deux premières semaines.',
  ),
  'business-leadership-essentials': entry(
    'Claves del liderazgo',
    'Dirección, delegación, coaching, feedback, confianza y liderar el cambio, con un plan de liderazgo personal.',
    "L'essentiel du leadership",
    'Donner le cap, déléguer, accompagner, faire des retours, créer la confiance et conduire le changement, avec un plan de leadership personnel.',
  ),
  'technology-cloud-basics': entry(
    'Fundamentos de la computación en la nube',
    'Modelos de servicio, responsabilidad compartida, costes, identidad y resiliencia para equipos que pasan a la nube.',
    "Les bases de l'informatique en nuage",
    'Modèles de service, responsabilité partagée, coûts, identités et résilience pour les équipes qui passent au cloud.',
  ),
  'technology-api-onboarding': entry(
    'Incorporación de desarrolladores a la API',
    'Lleva a los desarrolladores de la primera clave a producción: autenticación, recursos, errores, webhooks, versiones y puesta en marcha.',
    "Prise en main de l'API pour les développeurs",
    'Accompagnez les développeurs de la première clé à la production : authentification, ressources, erreurs, webhooks, versions et mise en service.',
  ),
  'healthcare-emergency-procedures': entry(
    'Procedimientos de emergencia',
    'Códigos de emergencia, incendio y evacuación, respuesta rápida, fallos de suministros y comunicación bajo presión.',
    "Procédures d'urgence",
    "Codes d'urgence, incendie et évacuation, intervention rapide, pannes d'alimentation et communication sous pression.",
  ),
  'marketing-product-launch': entry(
    'Lanzamiento de producto',
    'Alinea a marketing y ventas sobre los objetivos del lanzamiento, el posicionamiento, los mensajes clave, los canales, el calendario y la revisión posterior.',
    'Lancement de produit',
    'Alignez marketing et ventes sur les objectifs du lancement, le positionnement, les messages clés, les canaux, le calendrier et le bilan après lancement.',
  ),
  'creative-design-thinking': entry(
    'Design thinking',
    'Empatizar, definir, idear, prototipar y probar; después, un design sprint y cómo convertir los hallazgos en acciones.',
    'Design thinking',
    "Comprendre, définir, imaginer, prototyper et tester, puis mener un design sprint et transformer les enseignements en actions.",
  ),
  'design-retro-pop': entry(
    'Pop retro',
    'Mostaza, tomate y verde azulado de los setenta con franjas de lunares y un marco grueso para sesiones desenfadadas.',
    'Pop rétro',
    'Moutarde, tomate et bleu canard des années soixante-dix, des bandes à pois et un cadre épais pour des sessions ludiques.',
  ),
  'design-monochrome-editorial': entry(
    'Editorial monocromo',
    'Negro, blanco y un único acento rojo en una maquetación de revista a dos columnas para contenidos con mucho texto.',
    'Éditorial monochrome',
    'Noir, blanc et un seul accent rouge dans une mise en page magazine à deux colonnes pour les contenus riches en texte.',
  ),
  'design-data-dashboard': entry(
    'Panel de datos',
    'Una maquetación densa de métricas con tarjetas redondeadas, una franja de cuadrícula y colores listos para gráficos, para revisiones analíticas.',
    'Tableau de bord de données',
    "Une mise en page dense d'indicateurs avec des cartes arrondies, une bande quadrillée et des couleurs prêtes pour les graphiques, pour les revues d'analyse.",
  ),
  'design-warm-terracotta': entry(
    'Terracota cálida',
    'Terracota, arcilla y salvia sobre un fondo dividido cálido con marcos redondeados; acogedor y humano.',
    'Terre cuite chaleureuse',
    'Terre cuite, argile et sauge sur un fond partagé chaleureux avec des cadres arrondis : accueillant et humain.',
  ),
  'design-neon-night': entry(
    'Noche de neón',
    'Rosa intenso y cian sobre un degradado casi negro con franjas rayadas para lanzamientos, eventos y videojuegos.',
    'Nuit néon',
    'Rose vif et cyan sur un dégradé presque noir avec des bandes rayées pour les lancements, les événements et le jeu vidéo.',
  ),
  'design-botanical-sage': entry(
    'Salvia botánica',
    'Verde salvia, lino y cobre con una franja ondulada; suave y relajante para temas de bienestar.',
    'Sauge botanique',
    'Vert sauge, lin et cuivre avec une bande ondulée : doux et reposant pour les sujets de bien-être.',
  ),
  'design-blueprint': entry(
    'Plano técnico',
    'Trazos blancos sobre azul de plano con una cuadrícula y un acento amarillo para procesos de ingeniería.',
    'Plan technique',
    "Des tracés blancs sur bleu de plan, une trame quadrillée et un accent jaune pour les processus d'ingénierie.",
  ),
  'design-pastel-playground': entry(
    'Recreo pastel',
    'Rosas suaves y menta con patrones de puntos y tarjetas redondeadas para un aprendizaje cercano y sin presión.',
    'Récré pastel',
    'Des roses tendres et du vert menthe, des motifs à pois et des cartes arrondies pour un apprentissage convivial et sans pression.',
  ),
  'design-industrial-steel': entry(
    'Acero industrial',
    'Grises acero con franjas amarillas de seguridad y un marco grueso, como en casa en la planta de producción.',
    'Acier industriel',
    "Des gris acier, des bandes jaune sécurité et un cadre épais, comme chez soi dans l'atelier.",
  ),
  'design-royal-purple': entry(
    'Púrpura real',
    'Púrpura intenso y oro sobre un degradado lavanda con un marco doble para contenidos formales y de celebración.',
    'Pourpre royal',
    'Pourpre profond et or sur un dégradé lavande avec un double cadre pour les contenus officiels et festifs.',
  ),
  'design-journey-timeline': entry(
    'Línea del recorrido',
    'Hitos en verde azulado sobre un lienzo limpio con una barra de acento naranja para hojas de ruta, historias y procesos paso a paso.',
    'Frise du parcours',
    "Des jalons bleu canard sur un fond épuré avec une barre d'accent orange pour les feuilles de route, les historiques et les processus pas à pas.",
  ),
  'design-charcoal-split': entry(
    'Carbón dividido',
    'Fondos divididos en carbón y gris claro con un único acento carmesí; nítido y moderno.',
    'Anthracite partagé',
    'Des fonds partagés anthracite et gris clair avec un seul accent cramoisi : net et moderne.',
  ),
};

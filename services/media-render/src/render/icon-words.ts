// The bridge from Spanish and French slide words to the English words of the Tabler icons' names
// and tags (visuals.ts, "Choosing the icon"). The icon set is tagged in English only, so without
// it a Spanish or French slide never matches an icon and always gets its category's fallback.
//
// What is covered: the common training-topic words of the templates' categories (workplace
// safety and manufacturing, business, technology and security, healthcare, education, marketing,
// human resources, creative work and design), about 220 words per language and 17 spelled
// alike. Keys are written lower-case, without accents and in the singular (the lookup folds
// accents and tries the word, then without a plural -es, -s or -x); values are English words that occur in icon names or tags
// (a test checks every one). A word not in the table is not matched at all: a slide whose words
// are all outside it still gets its category's fallback icon. This is a keyword table, not a
// translation: no phrases, no verbs beyond a few nouns' forms, no other languages.
const SHARED: Record<string, string> = {
  // Spelled the same (after folding accents) in Spanish, French and English.
  alarma: 'alarm', alarme: 'alarm', radio: 'radio', email: 'mail', internet: 'world', robot: 'robot', virus: 'virus', video: 'video',
  wifi: 'wifi', web: 'world', hotel: 'building', taxi: 'car', camera: 'camera', menu: 'menu', bus: 'bus', stop: 'hand stop', sos: 'sos',
};

const ES: Record<string, string> = {
  ...SHARED,
  // Safety and manufacturing
  seguridad: 'shield', riesgo: 'alert', peligro: 'alert', peligroso: 'alert', emergencia: 'emergency', accidente: 'ambulance', lesion: 'bandage',
  herida: 'bandage', incendio: 'fire', fuego: 'fire', llama: 'flame', humo: 'smoke', extintor: 'fire extinguisher', evacuacion: 'exit door',
  salida: 'exit door', escalera: 'ladder', casco: 'helmet', guante: 'hand', gafa: 'eyeglass', proteccion: 'shield', epi: 'helmet', epp: 'helmet',
  montacarga: 'forklift', carretilla: 'forklift', camion: 'truck', vehiculo: 'car', conductor: 'steering wheel', velocidad: 'speedometer',
  freno: 'hand stop', carga: 'package', peso: 'weight', almacen: 'building warehouse', estanteria: 'stack', palet: 'box', caja: 'box', paquete: 'package',
  peaton: 'walk', aparcamiento: 'parking', estacionamiento: 'parking', ruido: 'ear', electricidad: 'bolt', electrico: 'bolt', quimico: 'flask',
  producto: 'package', derrame: 'droplet', agua: 'droplet', residuo: 'trash', basura: 'trash', reciclaje: 'recycle', energia: 'bolt', maquina: 'settings',
  herramienta: 'tool', mantenimiento: 'tool', inspeccion: 'search', revision: 'checklist', fabrica: 'building factory', produccion: 'building factory',
  calidad: 'award', montaje: 'assembly', ergonomia: 'armchair', postura: 'armchair', espalda: 'stretching', auxilio: 'first aid kit', botiquin: 'first aid kit',
  // Business
  empresa: 'building', negocio: 'briefcase', reunion: 'users', cliente: 'user', venta: 'shopping cart', dinero: 'cash', presupuesto: 'calculator',
  coste: 'coin', costo: 'coin', precio: 'tag', factura: 'receipt', contrato: 'file contract', estrategia: 'chess', objetivo: 'target', meta: 'target',
  equipo: 'users group', lider: 'crown', liderazgo: 'crown', proyecto: 'briefcase', plan: 'list', calendario: 'calendar', fecha: 'calendar', plazo: 'clock',
  tiempo: 'clock', informe: 'report', presentacion: 'presentation', mercado: 'building store', crecimiento: 'trending up', beneficio: 'coin',
  negociacion: 'handshake', acuerdo: 'handshake', comunicacion: 'message', telefono: 'phone', correo: 'mail', mensaje: 'message', idea: 'bulb',
  // Technology and security
  ordenador: 'device desktop', computadora: 'device desktop', portatil: 'device laptop', movil: 'device mobile', contrasena: 'password', clave: 'key',
  dato: 'database', red: 'network', nube: 'cloud', servidor: 'server', software: 'code', programa: 'code', codigo: 'code',
  aplicacion: 'apps', copia: 'copy', respaldo: 'cloud upload', cuenta: 'user', usuario: 'user', privacidad: 'lock', cifrado: 'lock', candado: 'lock',
  ataque: 'bug', amenaza: 'alert', fraude: 'mask', suplantacion: 'mask', enlace: 'link', archivo: 'file', documento: 'file', pantalla: 'device desktop',
  impresora: 'printer', inteligencia: 'brain', algoritmo: 'binary',
  // Healthcare
  paciente: 'user heart', medico: 'stethoscope', enfermera: 'nurse', enfermero: 'nurse', hospital: 'building hospital', medicamento: 'pill', pastilla: 'pill',
  vacuna: 'vaccine', higiene: 'wash', lavado: 'wash', mano: 'hand', sangre: 'droplet', corazon: 'heart', dolor: 'mood sad', infeccion: 'virus',
  mascarilla: 'mask', temperatura: 'temperature', salud: 'heart rate monitor', bienestar: 'heart', estres: 'mood', sueno: 'bed', nutricion: 'apple',
  alimento: 'apple', comida: 'tools kitchen', diagnostico: 'stethoscope', laboratorio: 'microscope',
  // Education
  estudiante: 'school', alumno: 'school', profesor: 'school', docente: 'school', clase: 'school', curso: 'school', escuela: 'school', formacion: 'school',
  libro: 'book', examen: 'clipboard check', prueba: 'clipboard check', leccion: 'notebook', aprendizaje: 'brain', certificado: 'certificate',
  habilidad: 'award', conocimiento: 'brain', pregunta: 'help', respuesta: 'message',
  // Marketing
  marca: 'brand', publicidad: 'ad', anuncio: 'speakerphone', campana: 'speakerphone', redes: 'share', social: 'share', audiencia: 'users',
  consumidor: 'shopping cart', compra: 'shopping cart', tienda: 'building store', encuesta: 'checklist', opinion: 'message',
  // Human resources
  empleado: 'user', trabajador: 'user', personal: 'users', contratacion: 'user plus', entrevista: 'messages', salario: 'cash', sueldo: 'cash',
  vacacion: 'beach', diversidad: 'users', igualdad: 'scale', acoso: 'alert', conducta: 'scale', etica: 'scale', ley: 'scale', norma: 'gavel',
  politica: 'file', derecho: 'scale', formulario: 'forms', jefe: 'user', supervisor: 'user check', incorporacion: 'user plus', nomina: 'receipt',
  // Creative and design
  color: 'palette', diseno: 'palette', foto: 'photo', fotografia: 'camera', musica: 'music', dibujo: 'pencil', creatividad: 'bulb', imagen: 'photo',
  pelicula: 'movie', escritura: 'writing', texto: 'text',
};

const FR: Record<string, string> = {
  ...SHARED,
  // Safety and manufacturing
  securite: 'shield', risque: 'alert', danger: 'alert', dangereux: 'alert', urgence: 'emergency', accident: 'ambulance', blessure: 'bandage',
  incendie: 'fire', feu: 'fire', flamme: 'flame', fumee: 'smoke', extincteur: 'fire extinguisher', evacuation: 'exit door', sortie: 'exit door',
  echelle: 'ladder', escalier: 'stairs', casque: 'helmet', gant: 'hand', lunette: 'eyeglass', protection: 'shield', epi: 'helmet',
  chariot: 'forklift', elevateur: 'forklift', camion: 'truck', vehicule: 'car', conducteur: 'steering wheel', vitesse: 'speedometer', frein: 'hand stop',
  charge: 'package', poids: 'weight', entrepot: 'building warehouse', rayonnage: 'stack', palette: 'box', carton: 'box', colis: 'package',
  pieton: 'walk', stationnement: 'parking', parking: 'parking', bruit: 'ear', electricite: 'bolt', electrique: 'bolt', chimique: 'flask',
  produit: 'package', deversement: 'droplet', eau: 'droplet', dechet: 'trash', recyclage: 'recycle', energie: 'bolt', machine: 'settings',
  outil: 'tool', maintenance: 'tool', entretien: 'tool', inspection: 'search', verification: 'checklist', controle: 'checklist', usine: 'building factory',
  production: 'building factory', qualite: 'award', assemblage: 'assembly', ergonomie: 'armchair', posture: 'armchair', dos: 'stretching',
  secour: 'first aid kit', trousse: 'first aid kit',
  // Business
  entreprise: 'building', affaire: 'briefcase', reunion: 'users', client: 'user', vente: 'shopping cart', argent: 'cash', budget: 'calculator',
  cout: 'coin', prix: 'tag', facture: 'receipt', contrat: 'file contract', strategie: 'chess', objectif: 'target', but: 'target', equipe: 'users group',
  chef: 'crown', leadership: 'crown', projet: 'briefcase', plan: 'list', calendrier: 'calendar', date: 'calendar', delai: 'clock', temps: 'clock',
  rapport: 'report', presentation: 'presentation', croissance: 'trending up', benefice: 'coin', negociation: 'handshake',
  accord: 'handshake', communication: 'message', telephone: 'phone', courriel: 'mail', courrier: 'mail', message: 'message', idee: 'bulb',
  // Technology and security
  ordinateur: 'device desktop', portable: 'device laptop', smartphone: 'device mobile', passe: 'password', cle: 'key', donnee: 'database',
  reseau: 'network', nuage: 'cloud', serveur: 'server', logiciel: 'code', programme: 'code', code: 'code', application: 'apps', sauvegarde: 'cloud upload',
  compte: 'user', utilisateur: 'user', confidentialite: 'lock', chiffrement: 'lock', cadenas: 'lock', attaque: 'bug', menace: 'alert', fraude: 'mask',
  hameconnage: 'mask', lien: 'link', fichier: 'file', document: 'file', ecran: 'device desktop', imprimante: 'printer', intelligence: 'brain',
  algorithme: 'binary',
  // Healthcare
  patient: 'user heart', medecin: 'stethoscope', docteur: 'stethoscope', infirmier: 'nurse', infirmiere: 'nurse', hopital: 'building hospital',
  medicament: 'pill', vaccin: 'vaccine', hygiene: 'wash', lavage: 'wash', main: 'hand', sang: 'droplet', coeur: 'heart', douleur: 'mood sad',
  infection: 'virus', masque: 'mask', temperature: 'temperature', sante: 'heart rate monitor', stress: 'mood', sommeil: 'bed',
  nutrition: 'apple', aliment: 'apple', repas: 'tools kitchen', diagnostic: 'stethoscope', laboratoire: 'microscope',
  // Education
  etudiant: 'school', eleve: 'school', professeur: 'school', enseignant: 'school', classe: 'school', cours: 'school', ecole: 'school',
  formation: 'school', livre: 'book', examen: 'clipboard check', test: 'clipboard check', lecon: 'notebook', apprentissage: 'brain',
  certificat: 'certificate', competence: 'award', connaissance: 'brain', question: 'help', reponse: 'message',
  // Marketing
  marque: 'brand', publicite: 'ad', annonce: 'speakerphone', campagne: 'speakerphone', reseaux: 'share', social: 'share', public: 'users',
  consommateur: 'shopping cart', achat: 'shopping cart', magasin: 'building store', boutique: 'building store', sondage: 'checklist', avis: 'message',
  // Human resources
  employe: 'user', salarie: 'user', travailleur: 'user', personnel: 'users', recrutement: 'user plus', embauche: 'user plus',
  salaire: 'cash', conge: 'beach', vacance: 'beach', diversite: 'users', egalite: 'scale', harcelement: 'alert', conduite: 'scale', ethique: 'scale',
  loi: 'scale', regle: 'gavel', politique: 'file', droit: 'scale', formulaire: 'forms', responsable: 'user', superviseur: 'user check',
  integration: 'user plus', paie: 'receipt',
  // Creative and design
  couleur: 'palette', design: 'palette', conception: 'palette', photo: 'photo', photographie: 'camera', musique: 'music', dessin: 'pencil',
  creativite: 'bulb', image: 'photo', film: 'movie', ecriture: 'writing', texte: 'text',
};

/** Spanish and French words (folded: lower-case, no accents, singular) to English icon words. */
export const ICON_WORDS: Readonly<Record<string, Readonly<Record<string, string>>>> = { es: ES, fr: FR };

import type { EducationTexts } from './types';

const education: EducationTexts = {
  bestPractices: [
    {
      id: "start-from-your-own-material",
      title: "Parte de tu propio material",
      text: "La formación hecha a partir de tus propios guiones, diapositivas, documentos y páginas web enseña lo que tu empresa hace de verdad y da al generador hechos reales con los que trabajar, en lugar de generalidades.",
      tips: [
        "¿Ya tienes un guion o una presentación? Crea un proyecto Guion a diapositivas o Diapositivas a guion y sube el archivo o pega el texto.",
        "Para partir de un documento, usa el Generador de contenido con IA con Inteligencia documental (Business y Enterprise); para una página web, usa Extracción de URL (Profesional y superiores).",
        "Rellena Contexto de la empresa y Voz de marca para que el material refleje tus productos, tus políticas y tu tono.",
        "Antes de compartir nada, abre la Vista previa y compara el contenido generado con tu fuente.",
      ],
    },
    {
      id: "one-objective-per-section",
      title: "Un objetivo de aprendizaje por sección",
      text: "Los alumnos recuerdan más cuando cada sección responde a una sola pregunta clara, y un objetivo por sección da a la comprobación de conocimientos una cosa concreta que evaluar en cada una.",
      tips: [
        "Escribe tus objetivos en el campo Objetivos de aprendizaje, uno por línea, cada uno con un verbo que el alumno pueda demostrar: identificar, explicar, aplicar.",
        "Dedica a cada objetivo su propia sección (un título de diapositiva con ##) y pasa a las notas o a otro proyecto lo que no sirva a ningún objetivo.",
        "Si editas la diapositiva de objetivos, la guía, el manual y el archivo de texto muestran tus objetivos editados, y una comprobación de conocimientos que no hayas cambiado se actualiza para coincidir.",
        "Usa el Generador de evaluaciones (Profesional y superiores) para añadir preguntas de evaluación sobre tus objetivos.",
      ],
    },
    {
      id: "short-slides-detail-in-notes",
      title: "Diapositivas breves y el detalle en las notas del orador",
      text: "Una diapositiva se lee de un vistazo mientras alguien habla. La explicación va en las notas del orador: el vídeo narrado las lee en voz alta y el PowerPoint las guarda en su panel de notas.",
      tips: [
        "Procura no pasar de seis puntos breves por diapositiva: cuando las diapositivas se crean a partir de un guion, una escena más larga continúa en otra diapositiva a partir del sexto punto.",
        "Una diapositiva con más de 420 caracteres, o con más de 7 puntos y párrafos, se queda sin imagen ni gráfico, así que mantenla ligera.",
        "Escribe la explicación bajo **Speaker Notes:** (el botón Notas del orador del editor). El vídeo la narra y muestra cada punto a medida que se menciona.",
        "Pon los recordatorios para el presentador bajo **Trainer Notes:**. Aparecen en el PowerPoint, la guía PDF y el manual de Word, pero nunca se narran, no van en los subtítulos ni en un paquete SCORM.",
      ],
    },
    {
      id: "use-the-quality-score",
      title: "Usa la puntuación de calidad y sus mejoras",
      text: "La Puntuación de calidad con IA valora un proyecto sobre 100 en seis dimensiones y te indica qué corregir primero, para que mejores el material antes de que lo vean los alumnos.",
      tips: [
        "Abre Puntuación de calidad con IA desde las acciones del proyecto, indica el público objetivo y las áreas de enfoque y haz clic en Analizar la calidad.",
        "Empieza por las áreas de mejora prioritarias; después selecciona las recomendaciones con las que estés de acuerdo y haz clic en Aplicar las mejoras seleccionadas: se crea una nueva versión mejorada y tu original se conserva.",
        "Vuelve a analizar después de tus propios cambios para ver si la puntuación ha mejorado.",
        "Business y Enterprise incluyen la puntuación de calidad; en Profesional, la añade el complemento Agente de IA avanzado.",
      ],
    },
    {
      id: "template-and-branding-once",
      title: "Elige una plantilla y una marca una sola vez por empresa",
      text: "Cuando todos los cursos de una empresa comparten colores, diseño y logotipo, los alumnos los reconocen al instante y nadie tiene que dar estilo a cada proyecto a mano.",
      tips: [
        "En la página Plantillas, un Propietario o un Editor puede hacer clic en Crear plantilla para crear la plantilla propia de la empresa con los colores de tu marca, su diseño y su estructura. Todos los proyectos de esa empresa pueden usarla.",
        "Acuerda con tu equipo una única dirección de logotipo y un sitio web, e introduce siempre los mismos en Incluir la marca de la empresa; el nombre de la empresa se rellena solo.",
        "Deja decididas la plantilla y la marca antes de pagar un vídeo: un cambio de aspecto crea una nueva versión, y el vídeo de cada nueva versión se paga por separado.",
      ],
    },
    {
      id: "review-before-narrating",
      title: "Revísalo todo antes de narrar un vídeo",
      text: "El vídeo narrado se paga por cada renderizado, y cada nueva versión y cada idioma se pagan de nuevo. Deja el contenido definitivo primero y paga una sola vez.",
      tips: [
        "Revisa las diapositivas en la Vista previa: las muestra tal como las dibujan las descargas.",
        "Lee en voz alta las notas del orador. El vídeo las narra (una diapositiva sin notas se narra a partir de sus puntos), así que corrige allí la redacción.",
        "Pide a un compañero que revise el PowerPoint o la guía PDF; se pueden descargar mientras el vídeo espera su pago.",
        "El diálogo de pago muestra los minutos y el coste antes de pagar, y si un renderizado falla, se reembolsa.",
      ],
    },
    {
      id: "translate-when-final",
      title: "Traduce cuando el original sea definitivo y revisa cada idioma",
      text: "Una traducción se hace a partir del proyecto tal como está en ese momento: los cambios posteriores en el original la dejan desactualizada, y el vídeo de cada idioma se paga por separado. Además, la traducción automática necesita una revisión humana.",
      tips: [
        "Antes de traducir, añade los nombres de marcas y productos al Glosario con la traducción vacía, para que se mantengan tal cual.",
        "Después de traducir, abre Gestionar idiomas: un idioma marcado como Requiere revisión muestra las palabras que el motor no conocía. Añádelas al glosario y haz clic en Traducir de nuevo.",
        "Pide a alguien que domine cada idioma que lo revise, editando sus diapositivas en Gestionar idiomas o descargando el archivo XLIFF para una herramienta de traducción y subiendo después el revisado.",
        "Si el original cambia más adelante, vuelve a traducir los idiomas afectados antes de pagar sus vídeos.",
      ],
    },
    {
      id: "comment-rather-than-edit",
      title: "Pide a los revisores que comenten en lugar de editar",
      text: "Cuando los revisores comentan en lugar de cambiar el texto ellos mismos, el autor mantiene una única versión coherente y ve todas las sugerencias en un solo lugar.",
      tips: [
        "Invita a expertos en la materia y a responsables desde Colaboración en equipo con el rol Comentarista: pueden leer los proyectos y comentarlos, pero no modificarlos. Los planes Business y Enterprise tienen plazas para un equipo.",
        "Asocia cada comentario a todo el proyecto, a una diapositiva o a un momento del vídeo, para que el autor sepa exactamente qué cambiar.",
        "Responde en el hilo y haz clic en Resolver cuando un punto esté resuelto; Mostrar resueltos te permite comprobar que no se ha olvidado nada.",
        "Da el rol Lector a quien solo necesite ver el material.",
      ],
    },
  ],
  faq: [
    {
      id: "plans-and-prices",
      question: "¿Cuánto cuesta y qué incluye cada plan?",
      answer:
        "Prueba gratuita: gratis durante {{trialDays}} días; {{trialProjects}} proyectos, {{trialStorageGb}} GB de almacenamiento, {{trialDownloads}} descargas en total, solo inglés, diapositivas y documentos pero sin vídeo.\n\nProfesional: {{proPrice}} al mes; {{proProjects}} proyectos, {{proStorageGb}} GB, {{proDownloads}} descargas al mes, inglés, español y francés.\n\nBusiness: {{businessPrice}} al mes; {{businessProjects}} proyectos, {{businessStorageGb}} GB, {{businessDownloads}} descargas al mes, {{businessLanguages}} idiomas.\n\nEnterprise: {{enterprisePrice}} al mes; proyectos y descargas ilimitados, {{enterpriseStorageGb}} GB, {{enterpriseLanguages}} idiomas.\n\nEl vídeo narrado se paga por minuto, aparte del plan (consulta ¿Cómo se paga el vídeo narrado?).",
    },
    {
      id: "plan-features",
      question: "¿Qué funciones incluye cada plan?",
      answer:
        "Todos los planes exportan PowerPoint, guías PDF, manuales de Word y texto; desde Profesional, también vídeo narrado.\n\nBusiness y Enterprise añaden analíticas, colaboración en equipo, marca personalizada, agentes de IA con puntuación de calidad, procesamiento de vídeo avanzado y el centro de integraciones. Solo Enterprise añade acceso a la API, coedición en tiempo real y SCORM.\n\nMétodos de IA: la Prueba gratuita tiene Del tema al contenido; Profesional añade Extracción de URL y Generador de evaluaciones; Business, Inteligencia documental y Modernizador de contenido; Enterprise, Arquitecto de itinerarios de aprendizaje.",
    },
    {
      id: "free-trial",
      question: "¿Cuánto dura la prueba gratuita y qué pasa después?",
      answer:
        "La Prueba gratuita dura {{trialDays}} días. Le sigue un periodo de gracia de {{graceDays}} días: puedes seguir abriendo, compartiendo y descargando lo que hayas creado, pero no se puede generar nada nuevo.\n\nSi eliges un plan en cualquier momento, todo vuelve a estar disponible y tus proyectos se mantienen. Si no, tus proyectos y archivos se eliminan al terminar el periodo de gracia, {{trialRetentionDays}} días después del inicio de la prueba.\n\nToda cuenta nueva recibe además un proyecto de ejemplo terminado, Welcome Training, cuyos archivos puedes descargar.",
    },
    {
      id: "annual-billing-and-plan-changes",
      question: "¿Puedo pagar por años y cómo funcionan los cambios de plan?",
      answer:
        "Sí. Un año cuesta doce meses menos un {{annualDiscount}} %: {{proYearlyPrice}} en Profesional, {{businessYearlyPrice}} en Business y {{enterpriseYearlyPrice}} en Enterprise. Los complementos anuales también cuestan un {{annualDiscount}} % menos.\n\nSubir de plan se aplica al momento: pagas la diferencia prorrateada del resto del periodo, tras confirmar el importe que te muestra la página Facturación. Bajar de plan, incluido pasar de anual a mensual, se aplica al final del periodo, y solo si tus proyectos, empresas y equipo caben en el plan inferior.",
    },
    {
      id: "add-ons",
      question: "¿Qué complementos hay?",
      answer:
        "Tres, y cada uno añade una función a tu plan:\n\nAnalíticas avanzadas, {{analyticsPrice}} al mes: el panel de analíticas.\nAgente de IA avanzado, {{aiAgentPrice}} al mes: agentes de IA avanzados y puntuación de calidad.\nProcesamiento de vídeo avanzado, {{videoProcessingPrice}} al mes: procesamiento de vídeo avanzado.\n\nSe compran en Profesional, Business y Enterprise, no en la Prueba gratuita. Se cobran al momento por el resto del periodo, tras confirmar el importe, y se renuevan con tu plan. Business y Enterprise ya incluyen las tres funciones.",
    },
    {
      id: "users-and-companies",
      question: "¿Cuántos usuarios y empresas permite cada plan?",
      answer:
        "Usuarios por empresa: Prueba gratuita {{trialUsers}}, Profesional {{proUsers}}, Business {{businessUsers}}, Enterprise {{enterpriseUsers}}.\nEmpresas: Prueba gratuita {{trialCompanies}}, Profesional {{proCompanies}}, Business {{businessCompanies}}, Enterprise {{enterpriseCompanies}}.\n\nLas plazas de una empresa las ocupan sus miembros y sus invitaciones pendientes que no hayan caducado. Una invitación es válida durante {{invitationDays}} días; cuando caduca, o si la revocas, su plaza vuelve a quedar libre.\n\nLos límites de una empresa son los del plan de su Propietario.",
    },
    {
      id: "team-roles",
      question: "¿Qué pueden hacer el Propietario, el Editor, el Comentarista y el Lector?",
      answer:
        "Propietario: todo, incluidos los ajustes de la empresa, invitar y quitar miembros y cambiar roles. Cada empresa tiene exactamente un Propietario; la propiedad solo cambia mediante una transferencia, tras la cual el antiguo Propietario pasa a ser Editor.\n\nEditor: crea, edita y elimina proyectos; crea plantillas; modifica el glosario; exporta paquetes SCORM; crea voces; comenta; y puede pagar vídeos.\n\nComentarista: lee los proyectos y los comenta.\n\nLector: solo lee.\n\nEl servidor comprueba el rol en cada acción, así que un cambio de rol se aplica al instante.",
    },
    {
      id: "narrated-video-pricing",
      question: "¿Cómo se paga el vídeo narrado?",
      answer:
        "El vídeo narrado se paga por uso en los planes de pago, a la tarifa del plan del Propietario de la empresa: {{proVideoRate}} por minuto en Profesional, {{businessVideoRate}} en Business y {{enterpriseVideoRate}} en Enterprise. Los minutos son la duración de la narración redondeada al minuto superior, mínimo 1. Ves antes la estimación y pagas con tarjeta o con créditos de vídeo ({{creditPrice}} cada uno, que valen {{creditPrice}} de vídeo).\n\nCada idioma y cada versión nueva se pagan aparte. Un renderizado fallido se reembolsa. La Prueba gratuita no genera vídeo.",
    },
    {
      id: "export-formats",
      question: "¿En qué formatos puedo descargar los archivos?",
      answer:
        "Todos los proyectos exportan una presentación de PowerPoint (pptx), una guía PDF, un manual de Word (docx) y texto sin formato (txt). Un proyecto en formato de vídeo obtiene además, una vez pagado, un vídeo narrado en MP4 y MOV, con subtítulos como pista que se puede activar, o incrustados en la imagen si lo eliges.\n\nEn Enterprise, un proyecto también se puede empaquetar como SCORM o cmi5 para un LMS.\n\nCada idioma traducido tiene sus propios archivos. Las descargas cuentan para el límite de tu plan.",
    },
    {
      id: "upload-limits",
      question: "¿Qué puedo subir y de qué tamaño pueden ser los archivos?",
      answer:
        "Guiones: .txt, .docx o .pdf, hasta {{scriptMb}} MB.\nDiapositivas: .pptx, .pdf, .png, .jpg o .jpeg, hasta {{slidesMb}} MB.\nDocumentos para el Generador de contenido con IA: .pdf, .doc, .docx, .txt o .rtf (el Modernizador de contenido acepta también .ppt y .pptx), hasta {{documentMb}} MB.\n\nTu plan puede fijar un límite menor: {{trialUploadMb}} MB en la Prueba gratuita, {{proUploadMb}} MB en Profesional y {{businessUploadMb}} MB en Business. El contenido del archivo debe corresponder a su extensión, y debe caber en el almacenamiento de tu plan ({{trialStorageGb}}, {{proStorageGb}}, {{businessStorageGb}} o {{enterpriseStorageGb}} GB).",
    },
    {
      id: "translation-languages",
      question: "¿A qué idiomas puedo traducir?",
      answer:
        "Tu plan fija los idiomas de contenido: solo inglés en la Prueba gratuita; inglés, español y francés en Profesional; Business añade alemán, italiano, portugués, ruso, japonés, coreano y chino; Enterprise añade árabe, hindi, neerlandés, sueco, noruego, danés, finés, polaco, turco y tailandés, {{enterpriseLanguages}} en total.\n\nEl motor sin conexión integrado, Apertium, traduce del inglés al español, francés, italiano y portugués. Los demás idiomas necesitan un modelo de traducción con IA o DeepL que conecte tu administrador; el diálogo Multilingüe indica a cuáles no llega.",
    },
    {
      id: "scorm-and-cmi5",
      question: "¿Puedo exportar a mi LMS con SCORM o cmi5?",
      answer:
        "Sí, con el plan Enterprise. Exportar SCORM empaqueta un proyecto como SCORM 1.2 (predeterminado), SCORM 2004 4.ª edición o cmi5, con sus diapositivas, su vídeo narrado y subtítulos si los tiene, y su cuestionario. Exportan Propietarios y Editores; cualquier miembro puede descargar los paquetes.\n\nCon el seguimiento activado, el paquete informa de la finalización por diapositivas vistas, vídeo visto o cuestionario aprobado. Sin preguntas de evaluación, solo informa de la finalización, nunca de aprobado o suspenso. Una traducción completada se puede empaquetar en su idioma.",
    },
    {
      id: "data-and-tenancy",
      question: "¿Los datos de mi empresa se quedan en mi empresa?",
      answer:
        "Sí. Cada proyecto, archivo subido, plantilla, glosario, comentario y voz propia pertenece a una empresa, y solo sus miembros pueden verlo; para cualquier otra persona no existe. El servidor comprueba la pertenencia y el rol en cada solicitud.\n\nLos motores integrados se ejecutan en el propio servidor. Si tu administrador conecta un modelo de IA, DeepL o un servicio de voz en la nube, el texto que se le envía lo procesa ese proveedor. Un enlace compartido abre el proyecto a quien lo tenga, hasta que lo revoques.",
    },
    {
      id: "getting-help",
      question: "¿Cómo consigo ayuda?",
      answer:
        "Abre la página Soporte con la sesión iniciada y envía una solicitud: elige de qué trata (una pregunta, un problema, facturación o una propuesta de función) y escribe un asunto y tu mensaje. Recibirás una confirmación por correo electrónico en el idioma de tu interfaz, y te responderemos por correo electrónico.\n\nLa página muestra tus solicitudes con su referencia (T- seguido de ocho caracteres), para que puedas citarla. Puedes enviar hasta {{supportPerDay}} solicitudes al día.",
    },
  ],
};

export default education;

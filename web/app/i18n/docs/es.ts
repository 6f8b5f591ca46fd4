import type { DocsTexts } from './types';

const docs: DocsTexts = {
  articles: [
    {
      slug: "getting-started",
      title: "Primeros pasos",
      summary: "Crea tu cuenta, aprovecha la prueba gratuita, configura tus empresas y oriéntate en el panel y en tus proyectos.",
      sections: [
        {
          heading: "Crear tu cuenta",
          paragraphs: [
            "Para crear una cuenta, pasa de la pantalla de inicio de sesión al formulario de registro e indica tu nombre completo, tu empresa, tu correo electrónico y una contraseña de al menos 8 caracteres. La empresa que indiques será tu primera empresa, y tú serás su Propietario.",
            "Todas las cuentas nuevas empiezan con la prueba gratuita de 7 días, sin tarjeta de crédito. Para comparar planes antes, elige Ver planes y precios: Empezar gratis te deja en la prueba. Si eliges allí un plan de pago, irás a la página de pago al crear tu cuenta; hasta que se complete el pago, tu cuenta tiene la prueba gratuita.",
            "La interfaz está disponible en inglés, español y francés. Elige tu idioma con el selector de idioma de la parte superior de la página.",
          ],
        },
        {
          heading: "La prueba gratuita y los planes",
          paragraphs: [
            "Mientras dura la prueba, Trainwright te indica cuántos días quedan. Al terminar empieza un periodo de gracia de 7 días en el que no se puede generar nada nuevo, aunque sigues pudiendo abrir, compartir y descargar lo que hiciste. Si no mejoras tu plan, tus archivos se eliminan al final de ese periodo. La prueba incluye:",
          ],
          points: [
            "3 proyectos, 1 usuario y 1 empresa",
            "1 GB de almacenamiento y archivos de hasta 10 MB",
            "3 descargas en total durante toda la prueba",
            "Un método de generación con IA, Del tema al contenido, y 15 plantillas",
            "Contenido solo en inglés y sin generación de vídeo",
          ],
        },
        {
          heading: "Mejorar el plan y acceso a la API",
          paragraphs: [
            "Para mejorar tu plan, elige uno en la página de Facturación. Profesional cuesta 29 US$, Business 79 US$ y Enterprise 199 US$ al mes, y la facturación anual ahorra un 20 %. Una mejora se aplica de inmediato. Una bajada de plan se aplica al final del periodo de facturación, y solo si tu uso cabe en el plan inferior.",
            "Los planes Enterprise incluyen acceso a la API. La referencia de la API está en /api/docs, y los clientes de la API se autentican con un token de tipo bearer en la cabecera Authorization.",
          ],
        },
        {
          heading: "Empresas",
          paragraphs: [
            "Tus proyectos, las plantillas que creas, el glosario y el equipo pertenecen a una empresa, y solo ves los proyectos de las empresas de las que eres miembro. Una empresa sigue el plan de su Propietario: sus límites, plazas y funciones vienen de la suscripción del Propietario.",
            "Elige Gestionar empresas en el panel para ver tus empresas, pasar a otra con Cambiar o crear una con Añadir empresa. Una empresa necesita un nombre; el sitio web y la URL del logotipo son opcionales y deben ser direcciones completas que empiecen por http:// o https://.",
            "Puedes ser propietario de 1 empresa con Prueba gratuita y Profesional, 3 con Business y 10 con Enterprise. Las empresas a las que te uniste como miembro no cuentan. El Propietario puede cambiar el nombre de la empresa actual en Configuración del perfil.",
          ],
        },
        {
          heading: "El panel, el ejemplo y tus proyectos",
          paragraphs: [
            "El panel tiene tres botones: Crear proyecto, Ver plantillas y Gestionar empresas. Las tarjetas muestran los usuarios de tu empresa actual frente a su límite, las empresas de las que eres propietario frente al límite de tu plan y tu suscripción con Mejorar plan. Debajo, Proyectos de formación lista tus proyectos con las cifras Proyectos totales y Completados.",
            "Cada cuenta nueva recibe un proyecto de ejemplo terminado, Welcome Training. Sus archivos se crean como los de cualquier proyecto, así que puedes verlos y descargarlos para ver lo que produce Trainwright. El ejemplo no cuenta para el límite de proyectos de tu plan.",
            "Mis proyectos lista todos los proyectos de las empresas a las que perteneces, agrupados por empresa, 20 por página. La búsqueda mira en títulos y descripciones, y puedes filtrar por estado y tipo. Las tarjetas se actualizan en directo y muestran el estado, una barra de progreso por etapa y la puntuación de calidad cuando la hay.",
            "El menú de la tarjeta incluye Descargar archivos, Multilingüe, Copiar enlace, Exportar SCORM y más.",
            "Crear proyecto abre el formulario, donde eliges uno de los cuatro tipos de proyecto:",
          ],
          points: [
            "Guion a diapositivas: escribe o sube un guion; con él se crean las diapositivas.",
            "Diapositivas a guion: escribe o sube tus diapositivas; se escribe un guion de narración para ellas.",
            "Análisis de software: describe un software; se crea la formación sobre él.",
            "Generador de contenido con IA: la IA redacta el material a partir de un tema, una página web o un documento.",
          ],
        },
      ],
    },
    {
      slug: "script-and-slide-formats",
      title: "Cómo escribir guiones y texto de diapositivas",
      summary: "Cómo escribir el texto de las diapositivas y los guiones para que cada título, punto y nota se lea como quieres.",
      sections: [
        {
          heading: "Dos formatos de texto",
          paragraphs: [
            "Trainwright lee dos formatos de texto. El texto de diapositivas describe diapositivas: sus títulos, sus puntos y lo que se dice sobre cada una. Un guion describe una narración: escenas, transiciones y líneas habladas. Puedes escribir cualquiera de los dos en el editor del formulario Crear proyecto o subir un archivo.",
            "La barra de herramientas del editor inserta los marcadores por ti: Diapositiva, Contenido, Notas del orador y Viñeta, y para los guiones también Escena, Transición y Narrador. El pie cuenta palabras, caracteres y líneas. Mostrar vista previa en vivo presenta tu texto como diapositivas o como guion, según lo que hayas escrito.",
            "Los archivos de guion pueden ser .txt, .docx o .pdf, de hasta 100 MB. Los archivos de diapositivas pueden ser .pptx, .pdf, .png, .jpg o .jpeg, de hasta 200 MB. Si el límite de subida de tu plan es menor, se aplica ese.",
          ],
        },
        {
          heading: "Texto de diapositivas",
          paragraphs: [
            "Una línea que empieza por ## y un espacio inicia una diapositiva nueva; el resto de la línea es su título. Las líneas siguientes son el contenido de la diapositiva. **Content:** inicia explícitamente la sección de contenido, y **Speaker Notes:** o **Notes:** inicia las notas. El texto que sigue a un marcador en la misma línea pertenece a esa sección.",
            "En la sección de contenido, una línea que empieza por un guion y un espacio, un asterisco y un espacio, o un número de una a tres cifras seguido de un punto y un espacio es un punto. El número no se conserva. Una línea sangrada justo debajo de un punto lo continúa. Las demás líneas son párrafos, separados por líneas en blanco.",
            "Si la primera línea es # y un título, da título a toda la presentación. Los marcadores no distinguen mayúsculas y minúsculas, y los espacios a su alrededor no importan. El texto anterior a la primera línea ## pasa a una primera diapositiva sin título, así que no se pierde nada. En cada diapositiva, los puntos aparecen antes que los párrafos. Un ejemplo:",
          ],
          points: [
            "# Seguridad en el trabajo (el título de la presentación, solo en la primera línea)",
            "## Introducción (inicia una diapositiva titulada Introducción)",
            "**Content:** (inicia el contenido de la diapositiva)",
            "- Bienvenida al curso (un punto; * y 1. también sirven)",
            "Un párrafo de texto de la diapositiva. (cualquier otra línea)",
            "**Speaker Notes:** (inicia lo que se dice sobre la diapositiva)",
            "Hola a todos. Hoy vemos lo básico. (las notas)",
          ],
        },
        {
          heading: "Notas del orador y notas del formador",
          paragraphs: [
            "Las notas del orador son lo que se dice sobre una diapositiva. El vídeo narrado las pronuncia, un guion creado a partir de las diapositivas se compone de ellas, y los paquetes SCORM y la página compartida las muestran. Se conservan los saltos de línea y las líneas en blanco dentro de las notas.",
            "Las notas del formador, que empiezan con **Trainer Notes:**, son solo para quien presenta. Aparecen en el panel de notas de PowerPoint y en las notas del formador de la guía PDF, el manual Word y el texto sin formato, después de las notas del orador. Nunca se narran ni van en subtítulos o guiones, ni en la página compartida ni en un paquete SCORM.",
            "El motor sin conexión escribe sus indicaciones para el formador en las notas del formador, así que nunca llegan a los participantes. Por ejemplo:",
          ],
          points: [
            "**Speaker Notes:** Cada turno empieza con una inspección previa. (se dice en el vídeo)",
            "**Trainer Notes:** Pregunta al grupo por un incidente reciente. (solo para quien presenta)",
          ],
        },
        {
          heading: "Guiones",
          paragraphs: [
            "[SCENE: texto] inicia una escena y [TRANSITION: texto] marca una transición; cada marcador debe ocupar toda su línea. Una línea que empieza por NARRATOR: o SPEAKER: es hablada y continúa en las líneas siguientes hasta una línea en blanco u otro marcador. Cualquier otro texto, incluidos otros nombres como ANNA:, es un párrafo normal, por ejemplo una acotación.",
            "Cuando un guion se convierte en diapositivas, cada escena pasa a ser una diapositiva titulada con el texto de la escena. Las líneas habladas forman las notas del orador de la diapositiva, y cada una de sus frases también es un punto. Una diapositiva tiene como máximo 6 puntos; una escena más larga continúa en diapositivas tituladas con (2), (3), etc. Los párrafos solo van a las notas y las transiciones solo separan diapositivas.",
            "Cuando las diapositivas se convierten en guion, cada diapositiva pasa a ser una escena con su título, con [TRANSITION: Next slide] entre diapositivas. La narración sale de las notas del orador, nunca de las notas del formador; una diapositiva sin notas se narra a partir de sus puntos y luego de sus párrafos. Un guion de ejemplo:",
          ],
          points: [
            "[SCENE: Introducción] (inicia una escena y una diapositiva titulada Introducción)",
            "NARRATOR: Bienvenidos al curso de seguridad. (una línea hablada)",
            "Esta línea continúa la narración. (parte de la línea anterior)",
            "[TRANSITION: Fundido a negro] (separa escenas)",
          ],
        },
        {
          heading: "Consejos y casos especiales",
          paragraphs: [
            "El formato de un guion se reconoce por sus líneas: una línea [SCENE: ...] o [TRANSITION: ...] indica un guion; si no, una línea ## indica texto de diapositivas; si no, una línea NARRATOR: o SPEAKER: indica un guion; si no, un marcador de sección indica texto de diapositivas. Así, un guion de Guion a diapositivas puede escribirse como texto de diapositivas, con notas del orador, y se conserva tal cual.",
            "Cada archivo dibuja su propia portada con el título y la descripción del proyecto, así que no necesitas una diapositiva de título. Si tu primera diapositiva solo repite el título, sin puntos ni texto, se usa como portada y sus notas pasan a ser las de la portada. Las diapositivas siguientes se numeran desde 1, en la forma 2 / 10.",
            "Para escribir una línea que de otro modo se leería como marcador, empiézala con una barra invertida, que se elimina. Para empezar una línea con una barra invertida real, escribe dos.",
          ],
          points: [
            "\\## Agenda se muestra como ## Agenda, no como una diapositiva nueva.",
            "##Agenda, sin espacio, es texto, igual que una línea que empieza por ###.",
            "2024. fue un buen año es texto, porque el número tiene cuatro cifras.",
          ],
        },
      ],
    },
    {
      slug: "ai-content-generator",
      title: "Generador de contenido con IA",
      summary: "Genera material de formación a partir de un tema, una página web o un documento, y comprueba su calidad con la Puntuación de calidad con IA.",
      sections: [
        {
          heading: "Los seis métodos de generación",
          paragraphs: [
            "En el formulario Crear proyecto, elige Generador de contenido con IA como tipo de proyecto y luego un método de generación. Los métodos que tu plan no incluye aparecen bloqueados, con el plan que los incluye.",
          ],
          points: [
            "Del tema al contenido: material de formación sobre un tema que describes. Todos los planes.",
            "Extracción de URL: material de formación a partir de una página web. Profesional y superiores.",
            "Generador de evaluaciones: preguntas a partir de un documento o un texto. Profesional y superiores.",
            "Inteligencia documental: material de formación a partir de un documento que subes. Business y superiores.",
            "Modernizador de contenido: una versión actualizada de un material existente. Business y superiores.",
            "Arquitecto de itinerarios de aprendizaje: módulos que llevan de un nivel de habilidad al siguiente. Enterprise.",
          ],
        },
        {
          heading: "Opciones de cada método",
          paragraphs: [
            "Solo la fuente es obligatoria; las demás opciones son opcionales. La duración del contenido apunta a un tiempo de impartición: Corto de 2 a 5 minutos, Medio de 8 a 15, Largo de 20 a 40 y Extenso de 45 a 60. Los formatos de salida son Diapositivas, Guion, Viñetas, Párrafos, Esquema, Plan de clase, Manual y Guía de referencia rápida. Los subtemas y los objetivos se escriben uno por línea.",
          ],
          points: [
            "Del tema al contenido: Tema, Subtemas, Objetivos de aprendizaje, Duración del contenido, Formato de salida, Estilo de redacción, Público objetivo, Sector, Complejidad, Incluir ejemplos, Incluir sugerencias visuales, Incluir evaluaciones, Evitar las frases típicas de la IA, Contexto de la empresa y Voz de marca.",
            "Extracción de URL: Dirección de la página web, Enfoque del contenido, Transformar en, Duración objetivo, Estilo de redacción y Público objetivo.",
            "Inteligencia documental: Documento, Enfoque del análisis, Formato de salida, Extraer tablas, Extraer imágenes y Crear un glosario.",
            "Generador de evaluaciones: un archivo o texto pegado, 5, 10, 15 o 20 preguntas, Tipos de pregunta (Opción múltiple, Verdadero / falso, Escenario), Dificultad, Incluir explicaciones y Preguntas basadas en escenarios.",
            "Modernizador de contenido: el material existente como archivo o texto pegado, Antigüedad del contenido, Modernizar el lenguaje, Actualizar los ejemplos, Mejorar la participación, Mantener los conceptos clave e Incluir novedades del sector.",
            "Arquitecto de itinerarios de aprendizaje: Tema principal, Nivel de habilidad inicial y objetivo, 3, 5, 7 o 10 módulos, Incluir requisitos previos, Incluir evaluaciones, Aplicación práctica y Contexto del sector.",
          ],
        },
        {
          heading: "Documentos y páginas web",
          paragraphs: [
            "Inteligencia documental y Generador de evaluaciones leen archivos .pdf, .doc, .docx, .txt y .rtf; Modernizador de contenido también lee .ppt y .pptx. Un documento puede ocupar hasta 100 MB, o menos si el límite de subida de tu plan es menor (25 MB en Profesional). Cuenta para el almacenamiento de tu plan.",
            "Los archivos de texto deben guardarse en UTF-8. Un PDF necesita texto seleccionable: una imagen escaneada no se puede leer. Quita cualquier contraseña antes de subirlo. Los archivos .doc y .ppt antiguos necesitan LibreOffice en el servidor; si no está, sube un .docx o un .pdf.",
            "De forma predeterminada, un documento puede tener hasta 2.000 páginas o diapositivas, y el texto que pase de 2.000.000 de caracteres se corta en un límite de sección.",
            "Extracción de URL lee una página web pública cuya dirección empieza por http:// o https:// y toma el texto de su artículo. Si no encuentra un artículo legible, el proyecto falla con un mensaje que lo indica.",
          ],
        },
        {
          heading: "Cómo se redacta el contenido",
          paragraphs: [
            "De forma predeterminada, Trainwright usa su motor sin conexión, que trabaja solo con tu propio material y nunca añade datos. Crea las diapositivas a partir de las secciones de tu fuente, con puntos, notas del orador, objetivos, un resumen y preguntas tomados del texto. Si solo le das un tema, escribe un esquema con indicaciones para el formador y lo avisa.",
            "Si tu administrador ha conectado un modelo de IA (cualquier servicio compatible con OpenAI), el modelo redacta el contenido. Si el modelo falla, o su respuesta obtiene menos de 60 en las comprobaciones de calidad, el motor sin conexión crea el contenido con la misma entrada, y un aviso explica por qué.",
            "En Creado con IA, cada resultado indica el motor que lo hizo, y Cómo se creó este contenido recoge sus avisos. Con material en español o francés, el motor sin conexión usa reglas más sencillas para los objetivos, los títulos de sección y las preguntas, y te pide que los revises. Si el material da para menos preguntas de las pedidas, se devuelven menos, con un aviso.",
          ],
        },
        {
          heading: "Puntuación de calidad con IA",
          paragraphs: [
            "Puntuación de calidad con IA, en el menú de la tarjeta del proyecto, puntúa el contenido de 0 a 100 en seis dimensiones y recomienda mejoras. Requiere Business o Enterprise, o el complemento Agente de IA avanzado (15 US$ al mes) en Profesional. Propietarios y Editores pueden puntuar y aplicar mejoras. El mismo contenido obtiene siempre la misma puntuación.",
            "Elige el ambiente deseado, el público objetivo y, si quieres, áreas de enfoque, y luego Analizar la calidad. La puntuación global es la media de las dimensiones, con las áreas de enfoque contadas dos veces. Lleva una nota: A desde 90 (Excelente), B desde 80 (Buena), C desde 70 (Aceptable), D desde 60 (Mejorable) y F por debajo (Deficiente).",
            "Selecciona recomendaciones, ajústalas si quieres y elige Aplicar las mejoras seleccionadas. Se crea una versión mejorada como proyecto nuevo y tu original se conserva; cuenta para tu límite de proyectos. Las mejoras no añaden datos y no se pierde ninguna frase original: como mucho pasa a las notas. Las seis dimensiones:",
          ],
          points: [
            "Calidad del contenido: legibilidad para el público, frases largas, frases típicas de la IA, notas del orador y profundidad.",
            "Estructura y fluidez: títulos únicos que nombran un tema, objetivos al principio, un resumen al final y diapositivas equilibradas.",
            "Diseño visual: palabras por punto, diapositivas densas o cargadas de texto, plantilla, fuentes y estilo de imagen, marca y ningún marcado visible.",
            "Eficacia educativa: objetivos formulados y cubiertos, preguntas, una comprobación de conocimientos, un resumen y ejemplos.",
            "Adecuación del tono: ocho medidas del tono, como las contracciones, las preguntas y la voz pasiva, frente al ambiente elegido.",
            "Precisión técnica: marcadores de posición como TODO, frases repetidas, términos o unidades escritos de dos formas, diapositivas vacías y preguntas mal planteadas.",
          ],
        },
      ],
    },
    {
      slug: "exports-and-downloads",
      title: "Exportaciones y descargas",
      summary: "Los archivos que Trainwright crea para cada proyecto, cómo cuentan las descargas en tu plan y cómo se paga el vídeo narrado.",
      sections: [
        {
          heading: "Qué contiene cada archivo",
          paragraphs: [
            "Cuando un proyecto está completado, elige Descargar archivos en el menú de su tarjeta y luego un formato, o pulsa su número del 1 al 6. Las diapositivas de PowerPoint, la guía PDF, el manual Word y el texto sin formato se crean para todos los proyectos; el vídeo existe en los proyectos MP4 y MOV. Cada archivo sigue la plantilla, el estilo de fuente, el estilo de imagen y la marca del proyecto.",
          ],
          points: [
            "Diapositivas de PowerPoint: una diapositiva de título y luego cada diapositiva con su título, sus puntos, una imagen o un gráfico editable, su número y las notas del orador seguidas de las notas del formador.",
            "Guía de formación en PDF: una portada, un índice con números de página, una sección por diapositiva con su elemento visual y las notas del formador, los objetivos, la evaluación con las respuestas y un glosario.",
            "Manual de formación en Word: una página de título, un índice, secciones numeradas con sus elementos visuales y notas, tablas de glosario y de respuestas, y encabezado y pie con la marca.",
            "Texto sin formato: el título, los objetivos, el título, los puntos y las notas de cada diapositiva, las preguntas con las respuestas y el glosario.",
            "Vídeo (MP4) y Vídeo (QuickTime MOV): las diapositivas narradas a partir de sus notas del orador, con los puntos apareciendo a medida que se dicen. El MOV es el mismo vídeo en otro contenedor.",
          ],
        },
        {
          heading: "Descargas y límites del plan",
          paragraphs: [
            "Las descargas cuentan para el plan del Propietario de la empresa: 3 en total durante la prueba gratuita, 25 al mes en Profesional, 100 al mes en Business e ilimitadas en Enterprise. Los meses son meses naturales, y la página de Facturación muestra cuántas has usado. Reproducir un vídeo en la Vista previa no cuenta como descarga.",
            "Mientras un proyecto editado se vuelve a crear, sus últimos archivos completos siguen disponibles, y la tarjeta indica qué versión son, por ejemplo Archivos: versión 1 (se está preparando la versión 2).",
          ],
        },
        {
          heading: "Vídeo narrado: pago por uso",
          paragraphs: [
            "El vídeo está incluido a partir del plan Profesional; la prueba gratuita solo crea diapositivas y documentos. Para tener un vídeo, elige Vídeo MP4 o Vídeo MOV como formato visual del proyecto. Los documentos están listos primero, y la tarjeta muestra Vídeo pendiente de pago hasta que se paga el vídeo.",
            "Un vídeo narrado se cobra por minuto de narración según la tarifa de tu plan: 1,00 US$ en Profesional, 0,60 US$ en Business y 0,50 US$ en Enterprise. Los minutos se redondean hacia arriba, con un mínimo de 1. Elige Pagar el vídeo: el diálogo Pago requerido muestra la duración estimada y el coste, y pagas con tarjeta o con créditos de vídeo.",
            "Los créditos de vídeo se compran en la página de Facturación, de 1 a 100 cada vez, a 2,50 US$ cada uno, y cada uno paga 2,50 US$ de cargos de vídeo. Si la generación falla, no se te cobra: el pago se reembolsa o los créditos se devuelven. Cuando el vídeo está listo, se pueden descargar tanto el MP4 como el MOV.",
            "Cada vídeo se paga por separado: cada idioma y cada nueva versión del proyecto. Después de una edición, tu último vídeo pagado se puede seguir descargando hasta que el siguiente vídeo pagado esté listo.",
          ],
        },
        {
          heading: "Narración, voces y subtítulos",
          paragraphs: [
            "El vídeo pronuncia las notas del orador de cada diapositiva; una diapositiva sin notas se narra a partir de sus puntos. Las notas del formador nunca se pronuncian. Elige la voz de narración en la Biblioteca de voces, que se abre con Voces de IA. Los planes dan acceso a 5 voces en Prueba gratuita, 15 en Profesional, 25 en Business y todas en Enterprise.",
            "Clonar voz crea una voz para tu empresa a partir de 1 a 5 grabaciones en MP3, WAV, M4A o AAC, de hasta 10 MB cada una. Si no hay un servicio de clonación de voz conectado, las muestras ajustan una voz integrada al tono y la velocidad del locutor, y la voz se marca como Ajustada.",
            "Todos los vídeos llevan los subtítulos como una pista que se puede activar. Para dibujarlos en la imagen, de modo que se vean en cualquier reproductor, marca Incrustar los subtítulos en el vídeo al crear o editar un proyecto MP4 o MOV.",
          ],
        },
      ],
    },
    {
      slug: "translation",
      title: "Traducción",
      summary: "Traduce un proyecto a los idiomas de tu plan, revisa el resultado y descarga todos los archivos en cada idioma.",
      sections: [
        {
          heading: "Idiomas de cada plan",
          paragraphs: [
            "Los idiomas a los que puedes traducir dependen del plan del Propietario de la empresa. Un proyecto se puede traducir cuando su contenido ya se ha generado. Propietarios y Editores inician y cambian las traducciones; Comentaristas y Lectores pueden verlas.",
          ],
          points: [
            "Prueba gratuita: solo inglés.",
            "Profesional: inglés, español y francés.",
            "Business: añade alemán, italiano, portugués, ruso, japonés, coreano y chino, 10 idiomas en total.",
            "Enterprise: añade árabe, hindi, neerlandés, sueco, noruego, danés, finés, polaco, turco y tailandés, 20 idiomas en total.",
          ],
        },
        {
          heading: "Traducir un proyecto",
          paragraphs: [
            "Elige Multilingüe en el menú de la tarjeta del proyecto. En Traducir contenido, marca los idiomas y elige Iniciar traducción. Cada idioma se traduce en segundo plano y la tarjeta muestra su progreso. Los idiomas ya traducidos aparecen marcados, y una nota indica los que el motor de traducción no puede alcanzar.",
            "Solo se traduce el texto. Los marcadores de diapositivas y guiones, los números, las direcciones web y de correo y los marcadores de posición vuelven exactamente como estaban. Los títulos que escribe el propio Trainwright, como Objetivos de aprendizaje y Resumen, usan la redacción del producto en inglés, español y francés.",
            "Si el texto del proyecto cambia después de hacer una traducción, el diálogo Multilingüe lo indica; vuelve a traducirla para actualizarla.",
          ],
        },
        {
          heading: "Motores de traducción",
          paragraphs: [
            "De forma predeterminada, Trainwright traduce sin conexión con Apertium. Desde el inglés llega directamente al español, y al francés, el portugués y el italiano a través del español; desde el español, el francés, el portugués o el italiano llega a los demás y al inglés. Es un motor basado en reglas: legible y literal, a veces equivocado, así que revisa su trabajo.",
            "El motor sin conexión no puede traducir al alemán, ruso, japonés, coreano, chino, árabe, hindi, neerlandés, finés, polaco, turco ni tailandés, ni del inglés al danés, noruego o sueco. Un administrador puede añadir estos idiomas conectando un modelo de traducción con IA (cualquier servicio compatible con OpenAI) o DeepL. Cada traducción indica el motor que la hizo.",
          ],
        },
        {
          heading: "Revisar y corregir",
          paragraphs: [
            "Gestionar idiomas lista los idiomas del proyecto con su estado. Una traducción con palabras que el motor no conocía aparece como Requiere revisión: añade cada palabra al glosario con su traducción y elige Traducir de nuevo, o corrige la diapositiva a mano con Editar.",
            "La página Glosario reúne los términos de tu empresa, que se mantienen tal cual, como los nombres de marca, o se traducen siempre igual. Los miembros pueden leerlo; Propietarios y Editores lo cambian.",
            "Editar cambia el título, los puntos y las notas del orador de cada diapositiva traducida. Descargar XLIFF exporta una traducción para revisarla y Subir XLIFF revisado la vuelve a importar. Hacer principal convierte una traducción completada en el contenido del propio proyecto y guarda el texto sustituido como traducción, así que no se pierde nada. Eliminar borra una traducción y sus archivos.",
          ],
        },
        {
          heading: "Archivos en cada idioma",
          paragraphs: [
            "Cada traducción completada tiene sus propias diapositivas de PowerPoint, guía PDF, manual Word y texto sin formato, con la plantilla y la marca del proyecto. Elige el idioma en el diálogo Descargar archivos o en la Vista previa. Estas descargas cuentan como cualquier otra.",
            "El vídeo narrado de una traducción se paga por separado, por minuto de la narración en ese idioma. Se narra con una voz de ese idioma y lleva subtítulos en él. Los paquetes SCORM también se pueden exportar en un idioma traducido.",
          ],
        },
      ],
    },
    {
      slug: "scorm-and-lms",
      title: "SCORM, vídeo interactivo y enlaces compartidos",
      summary: "Exporta la formación para un sistema de gestión del aprendizaje como SCORM 1.2, SCORM 2004 o cmi5, y comparte vídeos interactivos y enlaces de solo lectura.",
      sections: [
        {
          heading: "Paquetes SCORM",
          paragraphs: [
            "Exportar SCORM, en el menú de la tarjeta del proyecto, crea un paquete zip que un sistema de gestión del aprendizaje (LMS) puede importar. Está incluido en el plan Enterprise. Propietarios y Editores exportan paquetes; todos los miembros pueden verlos y descargarlos. Se ofrecen tres versiones:",
          ],
          points: [
            "SCORM 1.2, la predeterminada",
            "SCORM 2004 4th Edition",
            "cmi5",
          ],
        },
        {
          heading: "Exportar un paquete",
          paragraphs: [
            "Indica un nombre del paquete, que el LMS muestra como título del curso, y elige la versión de SCORM. Puedes añadir objetivos de aprendizaje y actividades. En un proyecto con traducciones completadas, elige el idioma que quieres empaquetar. Elige Exportar paquete: el paquete se crea en segundo plano y aparece en Mis paquetes, desde donde lo descargas cuando está Listo.",
            "Un paquete contiene las diapositivas del proyecto, su evaluación generada como cuestionario, los colores y las fuentes de la plantilla y el vídeo narrado con subtítulos si el proyecto lo tiene. No necesita conexión a la red para funcionar, y nunca incluye las notas del formador.",
          ],
        },
        {
          heading: "Seguimiento",
          paragraphs: [
            "Con Incluir seguimiento, el LMS registra la finalización, la puntuación, el aprobado o suspenso, los objetivos y cada respuesta. Completado cuando fija la regla: Diapositivas vistas, Vídeo visto, Cuestionario aprobado, o Visto y cuestionario aprobado. El umbral de finalización indica qué parte de las diapositivas o del vídeo cuenta como vista. La puntuación para aprobar es del 80 % salvo que la cambies; la puntuación de dominio del propio LMS prevalece.",
            "Un proyecto sin preguntas de evaluación solo informa de la finalización, nunca de aprobado o suspenso, así que solo se ofrecen Diapositivas vistas y Vídeo visto. Estados que se comunican al LMS fija el par: Aprobado / Incompleto, Aprobado / Suspenso, Completado / Incompleto o Completado / Suspenso. Sin seguimiento, el curso solo informa de la finalización.",
          ],
        },
        {
          heading: "Vídeo interactivo",
          paragraphs: [
            "Vídeo interactivo, en el menú de la tarjeta del proyecto, coloca zonas activas, cuestionarios, llamadas a la acción (CTA) y capítulos sobre el vídeo narrado de un proyecto. Está incluido a partir del plan Profesional y necesita un vídeo narrado ya generado. Lo crean Propietarios y Editores. El vídeo dura de 30 a 3600 segundos y admite hasta 500 elementos.",
            "Usar plantilla parte del contenido del proyecto: un capítulo por diapositiva, las preguntas de la evaluación como cuestionarios, una llamada a la acción si hay sitio web y, con evaluación, una ramificación que devuelve al primer capítulo a quien saca menos del 80 %. Tras Crear, el vídeo se prepara en segundo plano; mientras tanto, los participantes siguen viendo la última versión lista.",
            "El paquete SCORM de un proyecto con un vídeo interactivo publicado incluye ese vídeo interactivo y, con seguimiento, las respuestas a sus cuestionarios se registran en el LMS.",
          ],
        },
        {
          heading: "Enlaces para compartir e inserciones",
          paragraphs: [
            "Cuando un vídeo interactivo está listo, su diálogo muestra un Enlace para compartir y un Código para insertar, cada uno con Copiar. El enlace abre una página que cualquiera puede ver sin cuenta, y el código es un iframe para tus propias páginas web. Quien lo ve retoma donde lo dejó en el mismo dispositivo. El enlace funciona hasta que se elimina el proyecto.",
            "Copiar enlace, en el menú de la tarjeta de un proyecto, crea una página compartida de solo lectura con las diapositivas y el guion del proyecto y copia su dirección. Cualquiera con el enlace puede abrirla, y solo muestra el texto para los participantes, nunca las notas del formador. Revocar enlace la desactiva. Propietarios y Editores gestionan estos enlaces.",
          ],
        },
      ],
    },
    {
      slug: "teams-and-roles",
      title: "Equipos y roles",
      summary: "Invita a tus compañeros a una empresa, da a cada uno el rol adecuado, comenta los proyectos y edita en equipo en tiempo real.",
      sections: [
        {
          heading: "Miembros, plazas e invitaciones",
          paragraphs: [
            "La página Equipo, en Colaboración en equipo dentro de la navegación, lista los miembros de la empresa actual con su rol y la fecha en que se unieron. La colaboración en equipo está incluida a partir del plan Business. Las plazas cuentan los miembros y las invitaciones pendientes frente al plan del Propietario: 1 usuario en Prueba gratuita y Profesional, 3 en Business y 10 en Enterprise.",
            "Solo el Propietario invita. Escribe el correo del compañero, elige el rol (Editor, Comentarista o Lector) y el idioma del correo (inglés, español o francés), y elige Enviar invitación. La invitación se envía por correo, y su enlace también aparece con Copiar enlace para que puedas enviarlo tú.",
            "Un enlace de invitación funciona una sola vez durante 7 días. Reenviar crea un enlace nuevo con 7 días más, y el anterior deja de funcionar; Revocar lo anula. Una invitación caducada no ocupa plaza. Para aceptar, tu compañero se registra o inicia sesión con el correo invitado y elige Aceptar la invitación; la empresa se abre entonces como su empresa actual.",
          ],
        },
        {
          heading: "Los roles y sus permisos",
          paragraphs: [
            "Cada miembro tiene un rol, y el servidor lo comprueba en cada acción. Una empresa tiene siempre exactamente un Propietario.",
          ],
          points: [
            "Propietario: todo, incluido invitar y quitar miembros, cambiar roles, cambiar el nombre de la empresa y transferir la propiedad.",
            "Editor: crea, edita y elimina proyectos (incluidas traducciones, mejoras de calidad y vídeos interactivos), crea plantillas, cambia el glosario, exporta paquetes SCORM, clona voces y comenta.",
            "Comentarista: lee los proyectos y los comenta.",
            "Lector: lee los proyectos.",
          ],
        },
        {
          heading: "Comentarios y menciones",
          paragraphs: [
            "Los comentarios están en el diálogo Vista previa y junto al texto en el diálogo Editar proyecto. Un comentario puede tratar de todo el proyecto, de una diapositiva o de un momento del vídeo en minutos y segundos, como 1:05. Puedes mencionar a miembros de la empresa, responder, resolver y reabrir hilos; los resueltos están en Mostrar resueltos.",
            "Comentaristas, Editores y Propietarios escriben comentarios; los Lectores los leen. Solo el autor puede eliminar un comentario. Un comentario admite hasta 5.000 caracteres y 10 menciones; un proyecto puede tener 500 hilos, y un hilo 200 respuestas. Las menciones se registran, pero todavía no envían notificaciones.",
          ],
        },
        {
          heading: "Edición conjunta en tiempo real (Enterprise)",
          paragraphs: [
            "En el plan Enterprise, el diálogo Editar proyecto se comparte en directo: todos los que editan el texto de un proyecto ven los cambios de los demás mientras escriben, con el nombre de cada persona y la línea en la que está. Los cambios se guardan para todos mientras escribes, sin Guardar cambios.",
            "Propietarios y Editores escriben; Comentaristas y Lectores ven el texto en solo lectura. En otros planes, o si la edición en directo no está conectada, el diálogo funciona como siempre y guardas con Guardar cambios. Cada edición guardada crea una nueva versión del proyecto, cuyos archivos se vuelven a crear.",
          ],
        },
        {
          heading: "Cambiar roles, salir y transferir la propiedad",
          paragraphs: [
            "El Propietario cambia el rol de un miembro en la misma lista y puede quitar a un miembro, que pierde el acceso de inmediato. Cualquier otro miembro puede elegir Salir de la empresa. El Propietario no se puede quitar ni salir: para dejar el puesto, primero hace propietario a otro miembro.",
            "Hacer propietario transfiere la propiedad: el miembro pasa a ser el Propietario y el anterior Propietario sigue como Editor. La empresa pasa entonces al plan del nuevo Propietario en cuanto a límites, plazas y funciones. Si ese plan tiene menos plazas, no se quita a nadie, pero no se puede invitar a nadie hasta que vuelva a haber plazas libres.",
          ],
        },
      ],
    },
  ],
};

export default docs;

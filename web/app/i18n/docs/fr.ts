import type { DocsTexts } from './types';

const docs: DocsTexts = {
  articles: [
    {
      slug: "getting-started",
      title: "Premiers pas",
      summary: "Créez votre compte, profitez de l'essai gratuit, configurez vos entreprises et repérez-vous dans le tableau de bord et vos projets.",
      sections: [
        {
          heading: "Créer votre compte",
          paragraphs: [
            "Pour créer un compte, passez de l'écran de connexion au formulaire d'inscription et saisissez votre nom complet, votre entreprise, votre adresse e-mail et un mot de passe d'au moins 8 caractères. L'entreprise saisie devient votre première entreprise, dont vous êtes le Propriétaire.",
            "Chaque nouveau compte commence par l'essai gratuit de 7 jours, sans carte bancaire. Pour comparer d'abord les offres, choisissez Voir les offres et tarifs : Commencer gratuitement vous laisse sur l'essai. Si vous y choisissez une offre payante, vous passez au paiement une fois le compte créé ; tant que le paiement n'est pas terminé, votre compte est en essai gratuit.",
            "L'interface existe en anglais, en espagnol et en français. Choisissez votre langue avec le sélecteur de langue en haut de la page.",
          ],
        },
        {
          heading: "L'essai gratuit et les offres",
          paragraphs: [
            "Pendant l'essai, Trainwright vous indique le nombre de jours restants. À sa fin commence une période de grâce de 7 jours pendant laquelle rien de nouveau ne peut être généré, mais vous pouvez encore ouvrir, partager et télécharger ce que vous avez créé. Sans passage à une offre payante, vos fichiers sont supprimés à la fin de cette période. L'essai comprend :",
          ],
          points: [
            "3 projets, 1 utilisateur et 1 entreprise",
            "1 Go de stockage et des fichiers jusqu'à 10 Mo",
            "3 téléchargements au total pour tout l'essai",
            "Une méthode de génération IA, Du sujet au contenu, et 15 modèles",
            "Du contenu en anglais uniquement, sans génération de vidéo",
          ],
        },
        {
          heading: "Changer d'offre et accès à l'API",
          paragraphs: [
            "Pour changer d'offre, choisissez-en une sur la page Facturation. Professionnel coûte 29 $US, Business 79 $US et Enterprise 199 $US par mois, et la facturation annuelle fait économiser 20 %. Une offre supérieure s'applique immédiatement. Une offre inférieure s'applique à la fin de la période de facturation, et seulement si votre utilisation tient dans ses limites.",
            "Les offres Enterprise comprennent l'accès à l'API. La référence de l'API se trouve à /api/docs, et les clients de l'API s'authentifient avec un jeton de type bearer dans l'en-tête Authorization.",
          ],
        },
        {
          heading: "Entreprises",
          paragraphs: [
            "Vos projets, les modèles que vous créez, le glossaire et l'équipe appartiennent à une entreprise, et vous ne voyez que les projets des entreprises dont vous êtes membre. Une entreprise suit l'offre de son Propriétaire : ses limites, ses places et ses fonctionnalités viennent de l'abonnement du Propriétaire.",
            "Choisissez Gérer les entreprises dans le tableau de bord pour voir vos entreprises, passer à une autre avec Basculer ou en créer une avec Ajouter une entreprise. Une entreprise a besoin d'un nom ; le site web et l'URL du logo sont facultatifs et doivent être des adresses complètes commençant par http:// ou https://.",
            "Vous pouvez détenir 1 entreprise avec Essai gratuit et Professionnel, 3 avec Business et 10 avec Enterprise. Les entreprises que vous avez rejointes comme membre ne comptent pas. Le Propriétaire peut renommer l'entreprise actuelle dans Paramètres du profil.",
          ],
        },
        {
          heading: "Le tableau de bord, l'exemple et vos projets",
          paragraphs: [
            "Le tableau de bord propose trois boutons : Créer un projet, Parcourir les modèles et Gérer les entreprises. Des cartes affichent les utilisateurs de l'entreprise actuelle par rapport à sa limite, les entreprises que vous détenez par rapport à la limite de votre offre et votre abonnement avec Changer d'offre. Dessous, Projets de formation liste vos projets avec les chiffres Projets au total et Terminés.",
            "Chaque nouveau compte reçoit un projet d'exemple terminé, Welcome Training. Ses fichiers sont créés comme ceux de tout projet : vous pouvez les prévisualiser et les télécharger pour voir ce que produit Trainwright. L'exemple n'est pas compté dans la limite de projets de votre offre.",
            "Mes projets liste tous les projets des entreprises dont vous êtes membre, groupés par entreprise, 20 par page. La recherche porte sur les titres et les descriptions, et vous pouvez filtrer par statut et par type. Les cartes se mettent à jour en direct et affichent le statut, une barre de progression par étape et le score de qualité quand il existe.",
            "Le menu de la carte contient Télécharger les fichiers, Multilingue, Copier le lien, Export SCORM et d'autres actions.",
            "Créer un projet ouvre le formulaire, où vous choisissez l'un des quatre types de projet :",
          ],
          points: [
            "Script vers diapositives : rédigez ou importez un script ; les diapositives en sont tirées.",
            "Diapositives vers script : saisissez ou importez vos diapositives ; un script de narration est rédigé pour elles.",
            "Analyse de logiciel : décrivez un logiciel ; une formation est créée pour lui.",
            "Générateur de contenu IA : l'IA rédige le support à partir d'un sujet, d'une page web ou d'un document.",
          ],
        },
      ],
    },
    {
      slug: "script-and-slide-formats",
      title: "Rédiger des scripts et le texte des diapositives",
      summary: "Comment rédiger le texte des diapositives et les scripts pour que chaque titre, point et note soit lu comme vous l'entendez.",
      sections: [
        {
          heading: "Deux formats de texte",
          paragraphs: [
            "Trainwright lit deux formats de texte. Le texte des diapositives décrit des diapositives : leurs titres, leurs points et ce qui est dit sur chacune. Un script décrit une narration : des scènes, des transitions et des répliques. Vous pouvez saisir l'un ou l'autre dans l'éditeur du formulaire Créer un projet, ou importer un fichier.",
            "La barre d'outils de l'éditeur insère les marqueurs pour vous : Diapositive, Contenu, Notes de l'orateur et Puce, et pour les scripts aussi Scène, Transition et Narrateur. Le pied de l'éditeur compte les mots, les caractères et les lignes. Afficher l'aperçu en direct montre votre texte en diapositives ou en script, selon ce que vous avez saisi.",
            "Les fichiers de script peuvent être au format .txt, .docx ou .pdf, jusqu'à 100 Mo. Les fichiers de diapositives peuvent être au format .pptx, .pdf, .png, .jpg ou .jpeg, jusqu'à 200 Mo. La limite d'importation de votre offre s'applique si elle est plus basse.",
          ],
        },
        {
          heading: "Le texte des diapositives",
          paragraphs: [
            "Une ligne qui commence par ## et une espace commence une nouvelle diapositive ; le reste de la ligne est son titre. Les lignes suivantes forment le contenu de la diapositive. **Content:** ouvre explicitement la section de contenu, et **Speaker Notes:** ou **Notes:** ouvre les notes. Le texte placé après un marqueur sur la même ligne appartient à cette section.",
            "Dans la section de contenu, une ligne qui commence par un tiret et une espace, un astérisque et une espace, ou un nombre d'un à trois chiffres suivi d'un point et d'une espace est un point. Le nombre n'est pas conservé. Une ligne en retrait juste sous un point le prolonge. Les autres lignes sont des paragraphes, séparés par des lignes vides.",
            "Si la toute première ligne est # suivi d'un titre, elle donne son titre à toute la présentation. Les marqueurs ignorent les majuscules et les minuscules, et les espaces autour d'eux ne comptent pas. Le texte placé avant la première ligne ## devient une première diapositive sans titre : rien n'est perdu. Sur une diapositive, les points s'affichent avant les paragraphes. Un exemple :",
          ],
          points: [
            "# Sécurité au travail (le titre de la présentation, sur la première ligne uniquement)",
            "## Introduction (commence une diapositive intitulée Introduction)",
            "**Content:** (ouvre le contenu de la diapositive)",
            "- Bienvenue dans ce cours (un point ; * et 1. fonctionnent aussi)",
            "Un paragraphe de texte de la diapositive. (toute autre ligne)",
            "**Speaker Notes:** (ouvre ce qui est dit sur la diapositive)",
            "Bonjour à tous. Aujourd'hui, nous voyons les bases. (les notes)",
          ],
        },
        {
          heading: "Notes de l'orateur et notes du formateur",
          paragraphs: [
            "Les notes de l'orateur sont ce qui est dit sur une diapositive. La vidéo narrée les prononce, un script tiré des diapositives en est composé, et les paquets SCORM et la page partagée les affichent. Les retours à la ligne et les lignes vides des notes sont conservés.",
            "Les notes du formateur, ouvertes par **Trainer Notes:**, ne sont destinées qu'à la personne qui anime. Elles figurent dans le volet de notes de PowerPoint et dans les notes du formateur du guide PDF, du manuel Word et du texte brut, après les notes de l'orateur. Elles ne sont jamais narrées, ni dans les sous-titres ou les scripts, ni sur la page partagée ou dans un paquet SCORM.",
            "Le moteur hors ligne écrit ses consignes pour le formateur dans les notes du formateur, si bien qu'elles n'atteignent jamais les apprenants. Par exemple :",
          ],
          points: [
            "**Speaker Notes:** Chaque poste commence par une inspection avant utilisation. (dit dans la vidéo)",
            "**Trainer Notes:** Demandez au groupe un exemple de presque-accident récent. (pour l'animateur seulement)",
          ],
        },
        {
          heading: "Les scripts",
          paragraphs: [
            "[SCENE: texte] commence une scène et [TRANSITION: texte] marque une transition ; chaque marqueur doit occuper toute sa ligne. Une ligne qui commence par NARRATOR: ou SPEAKER: est parlée, et elle se poursuit sur les lignes suivantes jusqu'à une ligne vide ou un autre marqueur. Tout autre texte, y compris d'autres noms comme ANNA:, est un simple paragraphe, par exemple une indication de mise en scène.",
            "Quand un script devient des diapositives, chaque scène devient une diapositive intitulée avec le texte de la scène. Les répliques forment les notes de l'orateur de la diapositive, et chacune de leurs phrases devient aussi un point. Une diapositive compte au plus 6 points ; une scène plus longue continue sur des diapositives intitulées avec (2), (3), etc. Les paragraphes vont seulement dans les notes, et les transitions ne font que séparer les diapositives.",
            "Quand des diapositives deviennent un script, chaque diapositive devient une scène portant son titre, avec [TRANSITION: Next slide] entre les diapositives. La narration vient des notes de l'orateur, jamais des notes du formateur ; une diapositive sans notes est narrée à partir de ses points puis de ses paragraphes. Un exemple de script :",
          ],
          points: [
            "[SCENE: Introduction] (commence une scène et une diapositive intitulée Introduction)",
            "NARRATOR: Bienvenue dans ce cours de sécurité. (une réplique)",
            "Cette ligne prolonge la narration. (suite de la réplique précédente)",
            "[TRANSITION: Fondu au noir] (sépare les scènes)",
          ],
        },
        {
          heading: "Conseils et cas particuliers",
          paragraphs: [
            "Le format d'un script se reconnaît à ses lignes : une ligne [SCENE: ...] ou [TRANSITION: ...] indique un script ; sinon une ligne ## indique du texte de diapositives ; sinon une ligne NARRATOR: ou SPEAKER: indique un script ; sinon un marqueur de section indique du texte de diapositives. Un script de Script vers diapositives peut donc être rédigé en texte de diapositives, avec des notes de l'orateur, et il est conservé tel quel.",
            "Chaque fichier dessine sa propre couverture à partir du titre et de la description du projet : inutile d'ajouter une diapositive de titre. Si votre première diapositive ne fait que répéter le titre, sans points ni texte, elle sert de couverture et ses notes deviennent celles de la couverture. Les diapositives suivantes sont numérotées à partir de 1, sous la forme 2 / 10.",
            "Pour écrire une ligne qui serait sinon lue comme un marqueur, commencez-la par une barre oblique inverse, qui est retirée. Pour commencer une ligne par une vraie barre oblique inverse, tapez-en deux.",
          ],
          points: [
            "\\## Programme s'affiche comme ## Programme, pas comme une nouvelle diapositive.",
            "##Programme, sans espace, est du texte, tout comme une ligne qui commence par ###.",
            "2024. a été une bonne année est du texte, car le nombre a quatre chiffres.",
          ],
        },
      ],
    },
    {
      slug: "ai-content-generator",
      title: "Générateur de contenu IA",
      summary: "Générez un support de formation à partir d'un sujet, d'une page web ou d'un document, et vérifiez sa qualité avec l'évaluation de la qualité par IA.",
      sections: [
        {
          heading: "Les six méthodes de génération",
          paragraphs: [
            "Dans le formulaire Créer un projet, choisissez Générateur de contenu IA comme type de projet, puis une méthode de génération. Les méthodes que votre offre n'inclut pas sont verrouillées et indiquent l'offre qui les inclut.",
          ],
          points: [
            "Du sujet au contenu : un support de formation sur un sujet que vous décrivez. Toutes les offres.",
            "Extraction d'URL : un support de formation tiré d'une page web. Professionnel et au-delà.",
            "Générateur d'évaluations : des questions tirées d'un document ou d'un texte. Professionnel et au-delà.",
            "Analyse documentaire : un support de formation tiré d'un document que vous importez. Business et au-delà.",
            "Modernisation de contenu : une version à jour d'un support existant. Business et au-delà.",
            "Architecte de parcours d'apprentissage : des modules qui mènent d'un niveau de compétence au suivant. Enterprise.",
          ],
        },
        {
          heading: "Les options de chaque méthode",
          paragraphs: [
            "Seule la source est obligatoire ; les autres options sont facultatives. La durée du contenu vise un temps de présentation : Court de 2 à 5 minutes, Moyen de 8 à 15, Long de 20 à 40 et Étendu de 45 à 60. Les formats de sortie sont Diapositives, Script, Liste à puces, Paragraphes, Plan, Plan de cours, Manuel et Aide-mémoire. Les sous-thèmes et les objectifs se saisissent un par ligne.",
          ],
          points: [
            "Du sujet au contenu : Sujet, Sous-thèmes, Objectifs pédagogiques, Durée du contenu, Format de sortie, Style de rédaction, Public cible, Secteur, Complexité, Inclure des exemples, Inclure des suggestions visuelles, Inclure des évaluations, Éviter les formules typiques de l'IA, Contexte de l'entreprise et Ton de la marque.",
            "Extraction d'URL : Adresse de la page web, Axe du contenu, Transformer en, Durée visée, Style de rédaction et Public cible.",
            "Analyse documentaire : Document, Axe de l'analyse, Format de sortie, Extraire les tableaux, Extraire les images et Créer un glossaire.",
            "Générateur d'évaluations : un fichier ou du texte collé, 5, 10, 15 ou 20 questions, Types de questions (Choix multiple, Vrai / faux, Scénario), Difficulté, Inclure des explications et Questions fondées sur des scénarios.",
            "Modernisation de contenu : le support existant en fichier ou en texte collé, Âge du contenu, Moderniser la langue, Actualiser les exemples, Renforcer l'engagement, Conserver les notions essentielles et Intégrer les nouveautés du secteur.",
            "Architecte de parcours d'apprentissage : Sujet principal, Niveau de départ et Niveau visé, 3, 5, 7 ou 10 modules, Inclure les prérequis, Inclure des évaluations, Mise en pratique et Contexte sectoriel.",
          ],
        },
        {
          heading: "Documents et pages web",
          paragraphs: [
            "Analyse documentaire et Générateur d'évaluations lisent les fichiers .pdf, .doc, .docx, .txt et .rtf ; Modernisation de contenu lit aussi les .ppt et .pptx. Un document peut atteindre 100 Mo, ou moins si la limite d'importation de votre offre est plus basse (25 Mo avec Professionnel). Il compte dans le stockage de votre offre.",
            "Les fichiers texte doivent être enregistrés en UTF-8. Un PDF doit contenir du texte sélectionnable : une image numérisée ne peut pas être lue. Retirez tout mot de passe avant l'importation. Les anciens fichiers .doc et .ppt exigent LibreOffice sur le serveur ; à défaut, importez un .docx ou un .pdf.",
            "Par défaut, un document peut compter jusqu'à 2 000 pages ou diapositives, et le texte au-delà de 2 000 000 de caractères est coupé à la fin d'une section.",
            "Extraction d'URL lit une page web publique dont l'adresse commence par http:// ou https:// et en prend le texte de l'article. Si aucun article lisible n'est trouvé, le projet échoue avec un message qui le dit.",
          ],
        },
        {
          heading: "Comment le contenu est rédigé",
          paragraphs: [
            "Par défaut, Trainwright utilise son moteur hors ligne, qui ne travaille que sur votre propre matériel et n'ajoute jamais de faits. Il construit les diapositives à partir des sections de votre source, avec des points, des notes de l'orateur, des objectifs, un résumé et des questions tirés du texte. Avec un simple sujet, il rédige un plan avec des consignes pour le formateur et le signale.",
            "Si votre administrateur a connecté un modèle d'IA (tout service compatible avec OpenAI), c'est le modèle qui rédige le contenu. Si le modèle échoue, ou si sa réponse obtient moins de 60 aux contrôles de qualité, le moteur hors ligne crée le contenu à partir des mêmes données, et un avis en donne la raison.",
            "Sous Créé avec l'IA, chaque résultat indique le moteur qui l'a produit, et Comment ce contenu a été créé liste ses avis. Pour un matériel en espagnol ou en français, le moteur hors ligne applique des règles plus simples aux objectifs, aux titres de section et aux questions, et vous demande de les relire. Si le matériel permet moins de questions que demandé, il en revient moins, avec un avis.",
          ],
        },
        {
          heading: "Évaluation de la qualité par IA",
          paragraphs: [
            "L'évaluation de la qualité par IA, dans le menu de la carte du projet, note le contenu de 0 à 100 selon six dimensions et recommande des améliorations. Elle nécessite Business ou Enterprise, ou le module Agent IA avancé (15 $US par mois) avec Professionnel. Les Propriétaires et les Éditeurs peuvent évaluer et appliquer les améliorations. Un même contenu obtient toujours la même note.",
            "Choisissez l'ambiance souhaitée, le public cible et, si vous le voulez, des axes prioritaires, puis Analyser la qualité. La note globale est la moyenne des dimensions, les axes prioritaires comptant double. Elle reçoit un niveau : A dès 90 (Excellent), B dès 80 (Bon), C dès 70 (Correct), D dès 60 (À améliorer) et F en dessous (Insuffisant).",
            "Sélectionnez des recommandations, ajustez-les si besoin et choisissez Appliquer les améliorations sélectionnées. Une version améliorée est créée comme nouveau projet et votre original est conservé ; elle compte dans votre limite de projets. Les améliorations n'ajoutent aucun fait et aucune phrase d'origine n'est perdue : au pire, elle passe dans les notes. Les six dimensions :",
          ],
          points: [
            "Qualité du contenu : lisibilité pour le public, phrases longues, formules toutes faites de l'IA, notes de l'orateur et profondeur.",
            "Structure et enchaînement : des titres uniques qui nomment un sujet, des objectifs au début, un résumé à la fin et des diapositives équilibrées.",
            "Conception visuelle : mots par point, diapositives denses ou chargées de texte, modèle, polices et style d'image, image de marque et aucun balisage visible.",
            "Efficacité pédagogique : des objectifs énoncés et couverts, des questions, une vérification des connaissances, un résumé et des exemples.",
            "Adéquation du ton : huit mesures du ton, comme les contractions, les questions et la voix passive, comparées à l'ambiance choisie.",
            "Exactitude technique : des espaces réservés comme TODO, des phrases répétées, des termes ou unités écrits de deux façons, des diapositives vides et des questions mal posées.",
          ],
        },
      ],
    },
    {
      slug: "exports-and-downloads",
      title: "Exports et téléchargements",
      summary: "Les fichiers que Trainwright crée pour chaque projet, la façon dont les téléchargements comptent dans votre offre et le paiement de la vidéo narrée.",
      sections: [
        {
          heading: "Ce que contient chaque fichier",
          paragraphs: [
            "Quand un projet est terminé, choisissez Télécharger les fichiers dans le menu de sa carte, puis un format, ou appuyez sur son numéro de 1 à 6. Les diapositives PowerPoint, le guide PDF, le manuel Word et le texte brut sont créés pour chaque projet ; la vidéo existe pour les projets MP4 et MOV. Chaque fichier suit le modèle, le style de police, le style d'image et l'image de marque du projet.",
          ],
          points: [
            "Diapositives PowerPoint : une diapositive de titre, puis chaque diapositive avec son titre, ses points, une image ou un graphique modifiable, son numéro, et les notes de l'orateur suivies des notes du formateur.",
            "Guide de formation PDF : une couverture, une table des matières avec numéros de page, une section par diapositive avec son visuel et les notes du formateur, les objectifs, l'évaluation avec le corrigé et un glossaire.",
            "Manuel de formation Word : une page de titre, une table des matières, des sections numérotées avec leurs visuels et leurs notes, des tableaux de glossaire et de corrigé, et un en-tête et un pied de page à l'image de la marque.",
            "Texte brut : le titre, les objectifs, le titre, les points et les notes de chaque diapositive, les questions avec le corrigé et le glossaire.",
            "Vidéo (MP4) et Vidéo (QuickTime MOV) : les diapositives narrées à partir de leurs notes de l'orateur, les points apparaissant à mesure qu'ils sont dits. Le MOV est la même vidéo dans un autre conteneur.",
          ],
        },
        {
          heading: "Téléchargements et limites de l'offre",
          paragraphs: [
            "Les téléchargements comptent dans l'offre du Propriétaire de l'entreprise : 3 au total pendant l'essai gratuit, 25 par mois avec Professionnel, 100 par mois avec Business, et illimités avec Enterprise. Les mois sont des mois civils, et la page Facturation indique combien vous en avez utilisé. Lire une vidéo dans l'Aperçu ne compte pas comme un téléchargement.",
            "Pendant qu'un projet modifié est recréé, ses derniers fichiers complets restent téléchargeables, et la carte indique leur version, par exemple Fichiers : version 1 (la version 2 est en préparation).",
          ],
        },
        {
          heading: "Vidéo narrée : paiement à l'usage",
          paragraphs: [
            "La vidéo est incluse à partir de l'offre Professionnel ; l'essai gratuit ne crée que des diapositives et des documents. Pour obtenir une vidéo, choisissez Vidéo MP4 ou Vidéo MOV comme format visuel du projet. Les documents sont prêts d'abord, et la carte affiche Vidéo en attente de paiement jusqu'au paiement de la vidéo.",
            "Une vidéo narrée est facturée à la minute de narration, au tarif de votre offre : 1,00 $US avec Professionnel, 0,60 $US avec Business, 0,50 $US avec Enterprise. Les minutes sont arrondies à l'unité supérieure, avec un minimum de 1. Choisissez Payer la vidéo : la fenêtre Paiement requis affiche la durée estimée et le coût, et vous payez par carte ou avec des crédits vidéo.",
            "Les crédits vidéo s'achètent sur la page Facturation, de 1 à 100 à la fois, à 2,50 $US l'unité, et chacun règle 2,50 $US de frais de vidéo. Si la création échoue, rien ne vous est facturé : le paiement est remboursé ou les crédits sont rendus. Une fois la vidéo prête, le MP4 et le MOV sont tous deux téléchargeables.",
            "Chaque vidéo se paie séparément : chaque langue et chaque nouvelle version du projet. Après une modification, votre dernière vidéo payée reste téléchargeable jusqu'à ce que la suivante soit prête.",
          ],
        },
        {
          heading: "Narration, voix et sous-titres",
          paragraphs: [
            "La vidéo prononce les notes de l'orateur de chaque diapositive ; une diapositive sans notes est narrée à partir de ses points. Les notes du formateur ne sont jamais prononcées. Choisissez la voix de narration dans la Bibliothèque de voix, ouverte par Voix IA. Les offres donnent accès à 5 voix avec Essai gratuit, 15 avec Professionnel, 25 avec Business et à toutes avec Enterprise.",
            "Cloner une voix crée une voix pour votre entreprise à partir de 1 à 5 enregistrements en MP3, WAV, M4A ou AAC, de 10 Mo au plus chacun. Si aucun service de clonage de voix n'est connecté, les échantillons ajustent une voix intégrée à la hauteur et au débit de la personne, et la voix est marquée Ajustée.",
            "Chaque vidéo contient ses sous-titres sous forme de piste activable. Pour les dessiner dans l'image, afin qu'ils s'affichent dans tous les lecteurs, cochez Incruster les sous-titres dans la vidéo en créant ou en modifiant un projet MP4 ou MOV.",
          ],
        },
      ],
    },
    {
      slug: "translation",
      title: "Traduction",
      summary: "Traduisez un projet dans les langues de votre offre, relisez le résultat et téléchargez tous les fichiers dans chaque langue.",
      sections: [
        {
          heading: "Les langues de chaque offre",
          paragraphs: [
            "Les langues dans lesquelles vous pouvez traduire dépendent de l'offre du Propriétaire de l'entreprise. Un projet peut être traduit une fois son contenu généré. Les Propriétaires et les Éditeurs lancent et modifient les traductions ; les Commentateurs et les Lecteurs peuvent les voir.",
          ],
          points: [
            "Essai gratuit : anglais uniquement.",
            "Professionnel : anglais, espagnol et français.",
            "Business : ajoute l'allemand, l'italien, le portugais, le russe, le japonais, le coréen et le chinois, soit 10 langues.",
            "Enterprise : ajoute l'arabe, le hindi, le néerlandais, le suédois, le norvégien, le danois, le finnois, le polonais, le turc et le thaï, soit 20 langues.",
          ],
        },
        {
          heading: "Traduire un projet",
          paragraphs: [
            "Choisissez Multilingue dans le menu de la carte du projet. Dans Traduire le contenu, cochez les langues et choisissez Lancer la traduction. Chaque langue est traduite en arrière-plan, et la carte affiche sa progression. Les langues déjà traduites sont cochées, et une note indique celles que le moteur de traduction ne peut pas atteindre.",
            "Seul le texte est traduit. Les marqueurs des diapositives et des scripts, les nombres, les adresses web et e-mail et les espaces réservés reviennent exactement tels qu'ils étaient. Les titres que Trainwright écrit lui-même, comme Objectifs pédagogiques et Résumé, reprennent la formulation du produit en anglais, en espagnol et en français.",
            "Si le texte du projet change après une traduction, la fenêtre Multilingue le signale ; traduisez-le à nouveau pour mettre la traduction à jour.",
          ],
        },
        {
          heading: "Les moteurs de traduction",
          paragraphs: [
            "Par défaut, Trainwright traduit hors ligne avec Apertium. Depuis l'anglais, il atteint directement l'espagnol, et le français, le portugais et l'italien en passant par l'espagnol ; depuis l'espagnol, le français, le portugais ou l'italien, il atteint les autres et l'anglais. C'est un moteur à base de règles : lisible et littéral, parfois faux, donc relisez son travail.",
            "Le moteur hors ligne ne peut pas traduire vers l'allemand, le russe, le japonais, le coréen, le chinois, l'arabe, le hindi, le néerlandais, le finnois, le polonais, le turc ni le thaï, ni de l'anglais vers le danois, le norvégien ou le suédois. Un administrateur peut ajouter ces langues en connectant un modèle de traduction IA (tout service compatible avec OpenAI) ou DeepL. Chaque traduction indique le moteur qui l'a faite.",
          ],
        },
        {
          heading: "Relire et corriger",
          paragraphs: [
            "Gérer les langues liste les langues du projet avec leur statut. Une traduction qui contient des mots inconnus du moteur est marquée À relire : ajoutez chaque mot au glossaire avec sa traduction et choisissez Traduire à nouveau, ou corrigez la diapositive à la main avec Modifier.",
            "La page Glossaire réunit les termes de votre entreprise, gardés tels quels, comme les noms de marques, ou toujours traduits de la même façon. Les membres peuvent le lire ; les Propriétaires et les Éditeurs le modifient.",
            "Modifier change le titre, les points et les notes de l'orateur de chaque diapositive traduite. Télécharger le XLIFF exporte une traduction pour relecture, et Importer un XLIFF relu la réintègre. Définir comme principale fait d'une traduction terminée le contenu du projet et garde le texte remplacé comme traduction : rien n'est perdu. Supprimer retire une traduction et ses fichiers.",
          ],
        },
        {
          heading: "Les fichiers dans chaque langue",
          paragraphs: [
            "Chaque traduction terminée a ses propres diapositives PowerPoint, guide PDF, manuel Word et texte brut, avec le modèle et l'image de marque du projet. Choisissez la langue dans la fenêtre Télécharger les fichiers ou dans l'Aperçu. Ces téléchargements comptent comme les autres.",
            "La vidéo narrée d'une traduction se paie séparément, à la minute de narration dans cette langue. Elle est dite par une voix de cette langue, avec des sous-titres dans cette langue. Les paquets SCORM peuvent aussi être exportés dans une langue traduite.",
          ],
        },
      ],
    },
    {
      slug: "scorm-and-lms",
      title: "SCORM, vidéo interactive et partage",
      summary: "Exportez vos formations pour un système de gestion de l'apprentissage en SCORM 1.2, SCORM 2004 ou cmi5, et partagez des vidéos interactives et des liens en lecture seule.",
      sections: [
        {
          heading: "Les paquets SCORM",
          paragraphs: [
            "Export SCORM, dans le menu de la carte du projet, crée un paquet zip qu'un système de gestion de l'apprentissage (LMS) peut importer. Il est inclus dans l'offre Enterprise. Les Propriétaires et les Éditeurs exportent les paquets ; tous les membres peuvent les voir et les télécharger. Trois versions sont proposées :",
          ],
          points: [
            "SCORM 1.2, par défaut",
            "SCORM 2004 4th Edition",
            "cmi5",
          ],
        },
        {
          heading: "Exporter un paquet",
          paragraphs: [
            "Saisissez un nom du paquet, que le LMS affiche comme titre du cours, et choisissez la version SCORM. Vous pouvez ajouter des objectifs pédagogiques et des activités. Pour un projet qui a des traductions terminées, choisissez la langue à empaqueter. Choisissez Exporter le paquet : il est créé en arrière-plan et apparaît dans Mes paquets, d'où vous le téléchargez une fois prêt.",
            "Un paquet contient les diapositives du projet, son évaluation générée sous forme de quiz, les couleurs et les polices du modèle, et la vidéo narrée avec ses sous-titres si le projet en a une. Il n'a besoin d'aucune connexion réseau pour fonctionner et ne contient jamais les notes du formateur.",
          ],
        },
        {
          heading: "Le suivi",
          paragraphs: [
            "Avec Inclure le suivi, le LMS enregistre l'achèvement, le score, la réussite ou l'échec, les objectifs et chaque réponse. Terminé quand fixe la règle : Diapositives vues, Vidéo regardée, Quiz réussi, ou Vu et quiz réussi. Le seuil d'achèvement indique la part des diapositives ou de la vidéo qui compte comme vue. Le score de réussite est de 80 % sauf si vous le changez ; le score de maîtrise propre au LMS l'emporte.",
            "Un projet sans questions d'évaluation indique seulement l'achèvement, jamais réussi ou échoué : seules Diapositives vues et Vidéo regardée sont alors proposées. Statuts transmis au LMS fixe la paire : Réussi / Incomplet, Réussi / Échoué, Terminé / Incomplet ou Terminé / Échoué. Sans suivi, le cours indique seulement l'achèvement.",
          ],
        },
        {
          heading: "La vidéo interactive",
          paragraphs: [
            "Vidéo interactive, dans le menu de la carte du projet, place des zones cliquables, des quiz, des appels à l'action (CTA) et des chapitres sur la vidéo narrée d'un projet. Elle est incluse à partir de l'offre Professionnel et demande une vidéo narrée déjà créée. Les Propriétaires et les Éditeurs la créent. La vidéo dure de 30 à 3600 secondes et contient au plus 500 éléments.",
            "Utiliser le modèle part du contenu du projet : un chapitre par diapositive, les questions de l'évaluation en quiz, un appel à l'action s'il existe un site web et, avec une évaluation, un embranchement qui renvoie au premier chapitre les apprenants sous 80 %. Après Créer, la vidéo est préparée en arrière-plan ; les apprenants gardent entre-temps la dernière version prête.",
            "Le paquet SCORM d'un projet qui a une vidéo interactive publiée contient cette vidéo interactive et, avec le suivi, les réponses à ses quiz sont enregistrées dans le LMS.",
          ],
        },
        {
          heading: "Liens de partage et intégration",
          paragraphs: [
            "Quand une vidéo interactive est prête, sa fenêtre affiche un Lien de partage et un Code d'intégration, chacun avec Copier. Le lien ouvre une page que chacun peut regarder sans compte, et le code est un iframe pour vos propres pages web. Les spectateurs reprennent là où ils s'étaient arrêtés sur le même appareil. Le lien fonctionne jusqu'à la suppression du projet.",
            "Copier le lien, dans le menu de la carte d'un projet, crée une page partagée en lecture seule avec les diapositives et le script du projet, et copie son adresse. Toute personne qui a le lien peut l'ouvrir ; elle ne montre que le texte destiné aux apprenants, jamais les notes du formateur. Révoquer le lien la désactive. Les Propriétaires et les Éditeurs gèrent ces liens.",
          ],
        },
      ],
    },
    {
      slug: "teams-and-roles",
      title: "Équipes et rôles",
      summary: "Invitez vos collègues dans une entreprise, donnez à chacun le bon rôle, commentez les projets et modifiez-les ensemble en temps réel.",
      sections: [
        {
          heading: "Membres, places et invitations",
          paragraphs: [
            "La page Équipe, sous Collaboration en équipe dans la navigation, liste les membres de l'entreprise actuelle avec leur rôle et leur date d'arrivée. La collaboration en équipe est incluse à partir de l'offre Business. Les places comptent les membres et les invitations en attente par rapport à l'offre du Propriétaire : 1 utilisateur avec Essai gratuit et Professionnel, 3 avec Business et 10 avec Enterprise.",
            "Seul le Propriétaire invite. Saisissez l'e-mail du collègue, choisissez le rôle (Éditeur, Commentateur ou Lecteur) et la langue de l'e-mail (anglais, espagnol ou français), puis Envoyer l'invitation. L'invitation part par e-mail, et son lien s'affiche aussi avec Copier le lien pour que vous puissiez l'envoyer vous-même.",
            "Un lien d'invitation ne sert qu'une fois, pendant 7 jours. Renvoyer crée un nouveau lien valable 7 jours de plus, et l'ancien cesse de fonctionner ; Révoquer l'annule. Une invitation expirée n'occupe plus de place. Pour accepter, le collègue s'inscrit ou se connecte avec l'adresse invitée et choisit Accepter l'invitation ; l'entreprise devient alors son entreprise actuelle.",
          ],
        },
        {
          heading: "Les rôles et leurs droits",
          paragraphs: [
            "Chaque membre a un rôle, que le serveur vérifie à chaque action. Une entreprise a toujours exactement un Propriétaire.",
          ],
          points: [
            "Propriétaire : tout, y compris inviter et retirer des membres, changer les rôles, renommer l'entreprise et transférer la propriété.",
            "Éditeur : crée, modifie et supprime des projets (traductions, améliorations de qualité et vidéos interactives comprises), crée des modèles, modifie le glossaire, exporte des paquets SCORM, clone des voix et commente.",
            "Commentateur : lit les projets et les commente.",
            "Lecteur : lit les projets.",
          ],
        },
        {
          heading: "Commentaires et mentions",
          paragraphs: [
            "Les commentaires se trouvent dans la fenêtre Aperçu et à côté du texte dans la fenêtre Modifier le projet. Un commentaire peut porter sur tout le projet, sur une diapositive ou sur un moment de la vidéo en minutes et secondes, par exemple 1:05. Vous pouvez mentionner des membres de l'entreprise, répondre, résoudre et rouvrir des fils ; les fils résolus sont sous Afficher les résolus.",
            "Les Commentateurs, les Éditeurs et les Propriétaires écrivent des commentaires ; les Lecteurs les lisent. Seul l'auteur peut supprimer un commentaire. Un commentaire compte au plus 5 000 caractères et 10 mentions ; un projet peut avoir 500 fils, et un fil 200 réponses. Les mentions sont enregistrées, mais n'envoient pas encore de notification.",
          ],
        },
        {
          heading: "Édition à plusieurs en temps réel (Enterprise)",
          paragraphs: [
            "Avec l'offre Enterprise, la fenêtre Modifier le projet est partagée en direct : toutes les personnes qui modifient le texte d'un projet voient les changements des autres pendant la saisie, avec le nom de chacun et la ligne où il se trouve. Les modifications sont enregistrées pour tous pendant la saisie, sans Enregistrer.",
            "Les Propriétaires et les Éditeurs écrivent ; les Commentateurs et les Lecteurs voient le texte en lecture seule. Avec les autres offres, ou si l'édition en direct n'est pas connectée, la fenêtre fonctionne comme d'habitude et vous enregistrez avec Enregistrer. Chaque modification enregistrée crée une nouvelle version du projet, dont les fichiers sont recréés.",
          ],
        },
        {
          heading: "Changer de rôle, quitter et transférer la propriété",
          paragraphs: [
            "Le Propriétaire change le rôle d'un membre directement dans la liste et peut retirer un membre, qui perd aussitôt l'accès. Tout autre membre peut choisir Quitter l'entreprise. Le Propriétaire ne peut être ni retiré ni partir : pour céder sa place, il nomme d'abord un autre membre propriétaire.",
            "Nommer propriétaire transfère la propriété : le membre devient le Propriétaire et l'ancien Propriétaire reste en tant qu'Éditeur. L'entreprise suit alors l'offre du nouveau Propriétaire pour ses limites, ses places et ses fonctionnalités. Si cette offre a moins de places, personne n'est retiré, mais personne ne peut être invité tant que des places ne se libèrent pas.",
          ],
        },
      ],
    },
  ],
};

export default docs;
